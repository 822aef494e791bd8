// What the fuzzer needs for the FHIR API (issue 40): a therapy visit for each of a few clients, so
// the Encounter reads reach a visit (`therapy-<id>`), and the path each FHIR read aims its ids at.
// The FHIR API only reads, so it has no kill -9 part.
import type { Actor } from '../integration/api/support.ts';
import type { TestApp } from '../support/test-app.ts';
import { openVisit, screen } from '../integration/api/visits/fixtures.ts';

/** A draft therapy visit (screened first, as the chart asks) per client, opened by a NURSE; their ids. */
export async function fhirFixtures(t: TestApp, actors: Actor[], clients: number[]): Promise<number[]> {
  const nurse = actors.find((a) => a.role === 'NURSE')!;
  const visits: number[] = [];
  for (const client of clients) {
    await screen(t, nurse, client, 'pet');
    visits.push((await openVisit(t, nurse, { client, therapy: 'pet' })).id);
  }
  return visits;
}

/** An Encounter's id names its table (`therapy-12`), a visit's OPConsultRecord is `op-consult-therapy-12`: the fuzzer's ids go after the prefix. */
export const fhirPath = (path: string): string =>
  path
    .replace('/fhir/R4/Encounter/{id}', '/fhir/R4/Encounter/therapy-{id}')
    .replace('/fhir/R4/Composition/{id}', '/fhir/R4/Composition/op-consult-therapy-{id}');
