// The records the record pages open on, made through the business API the way the clinic makes
// them (the steps of tests/e2e/phone-widths.e2e.ts), for the Lighthouse bench and the shell's
// guard e2e: an ADMIN enters a prospect and books their
// discovery visit with a health coach at the first free time; a NURSE starts one chart per
// therapy for the client (only a nurse or doctor charts).
import { THERAPIES, type Therapy } from '../../machines/visits/therapy-fields.ts';
import type { RouteKey } from '../../src/app/paths.ts';
import { createAccount, type E2eAccount, tokenOf } from './e2e-accounts.ts';
import { apiOf } from './api-of.ts';

export interface Records {
  prospect: number;
  discoveryVisit: number;
  /** A draft chart per therapy, all for `client`. */
  visits: Record<Therapy, number>;
  /** The nurse who started them, to open them as the person who charts. */
  nurse: E2eAccount;
}

/** The route of each therapy's chart. */
export const CHART_ROUTES: Record<Therapy, RouteKey> = { iv: 'ivVisit', hbot: 'hbotVisit', pet: 'petVisit', red_light: 'redLightVisit', fir: 'firVisit' };

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const DAY_MS = 86_400_000;

export async function arrangeRecords(baseUrl: string, adminToken: string, client: number, tag: string): Promise<Records> {
  const admin = apiOf(baseUrl, adminToken);
  const coach = await createAccount(baseUrl, adminToken, 'HEALTH_COACH', tag);
  const nurse = await createAccount(baseUrl, adminToken, 'NURSE', tag);

  // The coach works whenever the clinic is open; a fresh server's clinic has no hours yet, so it
  // opens 08:00-20:00 (hours another section set are kept).
  const hours = await admin('GET', '/appointments/hours');
  await admin('PATCH', '/appointments/hours', {
    ...(hours.clinic_hours.length ? {} : { clinic_hours: EVERY_DAY.map((weekday) => ({ weekday, opens: '08:00', closes: '20:00' })) }),
    staff_hours: [{ staff: coach.id, weekly: EVERY_DAY.map((weekday) => ({ weekday, starts: '00:00', ends: '23:59' })) }],
  });
  const service = await admin('POST', '/appointments/services', {
    name: `Discovery visit ${tag}`,
    therapy: 'discovery',
    duration_minutes: 45,
    delivered_by: ['HEALTH_COACH'],
  });
  const prospect = await admin('POST', '/discovery/prospects', {
    first_name: 'Lakshmi',
    last_name: `Prospect${tag}`,
    email: `lakshmi-${tag}@bench.test`,
    source: 'website_form',
    interests: ['HBOT'],
    questionnaire: { message: 'I sleep badly.' },
    consent_to_contact: true,
  });
  const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
  const free = await admin('GET', `/appointments/availability?service=${service.id}&staff=${coach.id}&date_from=${day(1)}&date_to=${day(8)}`);
  const slot = free.slots[0] as { start: string } | undefined;
  if (!slot) throw new Error(`no free time for a discovery visit between ${day(1)} and ${day(8)}`);
  const visit = await admin('POST', '/discovery/visits', { prospect: prospect.id, service: service.id, staff: coach.id, start: slot.start });

  const asNurse = apiOf(baseUrl, await tokenOf(baseUrl, nurse.email, nurse.password));
  const visits = {} as Record<Therapy, number>;
  for (const therapy of THERAPIES) visits[therapy] = (await asNurse('POST', '/visits/therapy-visits', { client, therapy })).id;
  return { prospect: prospect.id, discoveryVisit: visit.id, visits, nurse };
}
