// The CapabilityStatement (issue 40): exactly what /fhir/R4 serves, stated from the same table the
// routes are registered from (routes.ts SERVED), so the statement cannot promise a read or a search
// parameter the server does not answer (tests/integration/api/fhir compares it with the contract).
import type { FastifyRequest } from 'fastify';
import { baseUrl } from './search.ts';

export interface ServedResource {
  type: string;
  read: boolean;
  /** Search parameters; none: no search. */
  search: Array<{ name: string; type: 'reference' | 'date' | 'number' }>;
  /** Operations on an instance (`$everything`, `$document`). */
  operations?: Array<{ name: string; definition: string }>;
}

const PAGING = [
  { name: '_lastUpdated', type: 'date' as const },
  { name: '_count', type: 'number' as const },
  { name: '_offset', type: 'number' as const },
];
const BY_CLIENT = [{ name: 'patient', type: 'reference' as const }, { name: 'date', type: 'date' as const }, ...PAGING];

export const SERVED: readonly ServedResource[] = [
  {
    type: 'Patient',
    read: true,
    search: PAGING,
    operations: [{ name: 'everything', definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything' }],
  },
  { type: 'Observation', read: true, search: BY_CLIENT },
  { type: 'Appointment', read: true, search: BY_CLIENT },
  { type: 'Consent', read: true, search: BY_CLIENT },
  { type: 'Encounter', read: true, search: BY_CLIENT },
  { type: 'Invoice', read: true, search: BY_CLIENT },
  { type: 'DiagnosticReport', read: true, search: BY_CLIENT },
  { type: 'DocumentReference', read: true, search: BY_CLIENT },
  // A signed therapy visit's ABDM OPConsultRecord, as the document Bundle (no Composition read or search).
  {
    type: 'Composition',
    read: false,
    search: [],
    operations: [{ name: 'document', definition: 'http://hl7.org/fhir/OperationDefinition/Composition-document' }],
  },
  { type: 'Organization', read: true, search: [] },
  { type: 'Practitioner', read: true, search: [] },
  { type: 'PractitionerRole', read: true, search: [] },
];

/** When this statement last changed: the release that served this set. */
const STATEMENT_DATE = '2026-11-28';

export function capabilityStatement(request: FastifyRequest) {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: STATEMENT_DATE,
    kind: 'instance',
    implementation: { description: "The clinic's FHIR R4 read API", url: baseUrl(request) },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json'],
    rest: [
      {
        mode: 'server',
        security: {
          service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'OAuth' }] }],
          description: "A bearer access token from the clinic's identity service; a client reads their own record only.",
        },
        resource: SERVED.map((r) => ({
          type: r.type,
          interaction: [...(r.read ? [{ code: 'read' }] : []), ...(r.search.length ? [{ code: 'search-type' }] : [])],
          ...(r.search.length ? { searchParam: r.search.map((p) => ({ name: p.name, type: p.type })) } : {}),
          ...(r.operations ? { operation: r.operations } : {}),
        })),
      },
    ],
  };
}
