// The discovery rows of the authorization matrix (tests/support/authorization-matrix.ts): one request
// per row, run for every role by tests/integration/api/authorization-matrix.test.ts. Each request
// works on its own prospect, so rows never depend on each other.
import { sql } from 'kysely';
import type { PipelineStage } from '../../../../machines/discovery/pipeline-lifecycle.ts';
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { addService, halfHourAhead, setHours } from '../appointments/fixtures.ts';
import { type Actor, type ApiResponse, api, uniqueEmail } from '../support.ts';
import { visitHeld } from './fixtures.ts';

interface Shared {
  actors: Record<ClinicRole, Actor>;
}

interface Fixtures {
  service: number;
  slot: number;
}

const fixtures = new WeakMap<TestApp, Promise<Fixtures>>();

function setUp(t: TestApp, s: Shared): Promise<Fixtures> {
  let f = fixtures.get(t);
  if (!f) {
    f = (async () => {
      const staff = Object.values(s.actors)
        .filter((a) => a.role !== 'CLIENT')
        .map((a) => a.id);
      await setHours(t, s.actors.ADMIN, staff);
      const service = await addService(t, s.actors.ADMIN, {
        name: 'Matrix discovery visit',
        therapy: 'discovery',
        duration_minutes: 20,
        delivered_by: ['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'ADMIN', 'SUPER_ADMIN'],
      });
      return { service, slot: 0 };
    })();
    fixtures.set(t, f);
  }
  return f;
}

/** A fresh start time from 400 days ahead (clear of the other matrices, inside the booking horizon), half-hour steps through the day. */
const nextStart = (f: Fixtures): string => halfHourAhead(400, f.slot++);

/** A prospect added by the coach, optionally already at `stage`. */
async function prospect(t: TestApp, s: Shared, stage?: PipelineStage): Promise<number> {
  const res = await api(t, s.actors.HEALTH_COACH, 'POST', '/discovery/prospects', {
    first_name: 'Matrix',
    last_name: 'Prospect',
    email: uniqueEmail('matrix'),
    source: 'walk_in',
  });
  if (res.status !== 201) throw new Error(`fixture prospect: ${res.status} ${JSON.stringify(res.body)}`);
  if (stage) await sql`update discovery_prospects set stage = ${stage} where id = ${res.body.id}`.execute(t.database.db);
  return res.body.id;
}

/** A discovery visit written by `author` (the coach when the author may not book). */
async function visit(t: TestApp, s: Shared, author: Actor): Promise<number> {
  const f = await setUp(t, s);
  const booker = author.role === 'CLIENT' ? s.actors.HEALTH_COACH : author;
  const res = await api(t, booker, 'POST', '/discovery/visits', { prospect: await prospect(t, s), service: f.service, staff: booker.id, start: nextStart(f) });
  if (res.status !== 201) throw new Error(`fixture visit: ${res.status} ${JSON.stringify(res.body)}`);
  await api(t, booker, 'PATCH', `/discovery/visits/${res.body.id}`, { outcome: 'enrol' });
  await visitHeld(t, res.body.id);
  return res.body.id;
}

type Builder = (t: TestApp, s: Shared, a: Actor) => Promise<ApiResponse>;

export const discoveryMatrixRequests: Record<string, Builder> = {
  'discovery.prospects.list': (t, _s, a) => api(t, a, 'GET', '/discovery/prospects'),
  'discovery.prospects.create': (t, _s, a) => api(t, a, 'POST', '/discovery/prospects', { first_name: 'Nisha', email: uniqueEmail('lead'), source: 'event' }),
  'discovery.prospects.get': async (t, s, a) => api(t, a, 'GET', `/discovery/prospects/${await prospect(t, s)}`),
  'discovery.prospects.patch': async (t, s, a) => api(t, a, 'PATCH', `/discovery/prospects/${await prospect(t, s)}`, { next_action: 'Send the brochure' }),
  'discovery.prospects.transition': async (t, s, a) => api(t, a, 'POST', `/discovery/prospects/${await prospect(t, s)}/transitions`, { to: 'contacted' }),
  'discovery.prospects.call': async (t, s, a) => api(t, a, 'POST', `/discovery/prospects/${await prospect(t, s)}/calls`, { summary: 'Left a voicemail' }),
  'discovery.prospects.convert': async (t, s, a) => api(t, a, 'POST', `/discovery/prospects/${await prospect(t, s, 'discovery_done')}/convert`, {}),
  'discovery.visits.list': async (t, s, a) => api(t, a, 'GET', `/discovery/visits?prospect=${await prospect(t, s)}`),
  'discovery.visits.create': async (t, s, a) => {
    const f = await setUp(t, s);
    return api(t, a, 'POST', '/discovery/visits', {
      prospect: await prospect(t, s),
      service: f.service,
      staff: a.role === 'CLIENT' ? s.actors.HEALTH_COACH.id : a.id,
      start: nextStart(f),
    });
  },
  'discovery.visits.get': async (t, s, a) => api(t, a, 'GET', `/discovery/visits/${await visit(t, s, s.actors.HEALTH_COACH)}`),
  'discovery.visits.patch': async (t, s, a) => api(t, a, 'PATCH', `/discovery/visits/${await visit(t, s, s.actors.HEALTH_COACH)}`, { goals: 'More energy' }),
  'discovery.visits.sign.own': async (t, s, a) => api(t, a, 'POST', `/discovery/visits/${await visit(t, s, a)}/sign`),
  'discovery.funnel': (t, _s, a) => api(t, a, 'GET', '/discovery/funnel?date_from=2026-01-01&date_to=2026-12-31'),
  // Public: every role (and nobody) may send one; each from its own address, under the limit.
  'discovery.enquiries.create': (t, _s, a) =>
    api(
      t,
      null,
      'POST',
      '/discovery/enquiries',
      { name: 'Web Visitor', email: uniqueEmail('web'), consent_to_contact: true },
      { 'x-forwarded-for': `10.18.0.${a.id % 250}` },
    ),
};
