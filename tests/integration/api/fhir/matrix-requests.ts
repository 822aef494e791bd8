// The FHIR API's rows of the authorization matrix (tests/support/authorization-matrix.ts): one
// request per row, run for every role by tests/integration/api/authorization-matrix.test.ts.
// Each answer is checked against the FHIR R4 schema (./support.ts); refusals are OperationOutcomes.
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { type Actor, type ApiResponse, api } from '../support.ts';
import { addServiceRow, addSessions } from '../thrive/fixtures.ts';
import { issuedManual, setUpBilling } from '../billing/fixtures.ts';
import { orderOf } from '../labs/matrix-requests.ts';
import { visitAt } from '../visits/fixtures.ts';
import { fhir } from './support.ts';

const BILL_LINE = { description: 'Hydrafacial', code: '999722', unit_price_paise: 100000, gst_rate_bp: 1800 };

interface Shared {
  actors: Record<ClinicRole, Actor>;
  client: number;
  nurse: number;
}

type Builder = (t: TestApp, s: Shared, actor: Actor) => Promise<ApiResponse>;

/** The shared client's record, made once per app: a reading, an appointment, a consent decision, a therapy visit, an issued bill and a released lab report with its PDF. */
const records = new WeakMap<
  TestApp,
  Promise<{ reading: number; appointment: number; consent: number; visit: number; signed: number; invoice: number; report: number }>
>();
function recordOf(t: TestApp, s: Shared) {
  if (!records.has(t)) {
    records.set(
      t,
      (async () => {
        const admin = s.actors.SUPER_ADMIN;
        const reading = await api(t, admin, 'POST', '/thrive/measurements', { client: s.client, metric: 'weight', value: 72.4, unit: 'kg' });
        await addSessions(t, s.client, s.nurse, await addServiceRow(t), { completed: 1 });
        const appointment = await t.database.db.selectFrom('appointments').select('id').where('client_id', '=', s.client).executeTakeFirstOrThrow();
        const form = { decision: 'given', signed_on: new Date().toISOString().slice(0, 10), reason: 'Signed the paper form at the front desk.' };
        const consent = await api(t, admin, 'POST', `/users/user-profiles/${s.client}/consent-history`, form);
        const visit = await visitAt(t, s.actors.NURSE, s.client, 'pet', 'draft');
        await setUpBilling(t, s.actors.ADMIN);
        const invoice = await issuedManual(t, s.actors.RECEPTION, s.client, [BILL_LINE]);
        return {
          reading: reading.body.id,
          appointment: appointment.id,
          consent: consent.body.id,
          visit: visit.id,
          signed: (await visitAt(t, s.actors.NURSE, s.client, 'pet', 'signed')).id,
          invoice: invoice.id,
          report: (await orderOf(t, s, s.actors.SUPER_ADMIN, s.client, 'ready')).id,
        };
      })(),
    );
  }
  return records.get(t)!;
}

export const fhirMatrixRequests: Record<string, Builder> = {
  'fhir.metadata': (t, _s, a) => fhir(t, a, '/metadata'),
  'fhir.patient.search': (t, _s, a) => fhir(t, a, '/Patient?_count=5'),
  'fhir.patient.read.own': (t, _s, a) => fhir(t, a, `/Patient/${a.id}`),
  'fhir.patient.read.client': (t, s, a) => fhir(t, a, `/Patient/${s.client}`),
  'fhir.everything.client': (t, s, a) => fhir(t, a, `/Patient/${s.client}/$everything`),
  'fhir.observations.search.client': (t, s, a) => fhir(t, a, `/Observation?patient=${s.client}`),
  'fhir.observations.read.client': async (t, s, a) => fhir(t, a, `/Observation/${(await recordOf(t, s)).reading}`),
  'fhir.appointments.search.client': (t, s, a) => fhir(t, a, `/Appointment?patient=${s.client}`),
  'fhir.appointments.read.client': async (t, s, a) => fhir(t, a, `/Appointment/${(await recordOf(t, s)).appointment}`),
  'fhir.consents.search.client': (t, s, a) => fhir(t, a, `/Consent?patient=${s.client}`),
  'fhir.consents.read.client': async (t, s, a) => fhir(t, a, `/Consent/${(await recordOf(t, s)).consent}`),
  'fhir.encounters.search.client': (t, s, a) => fhir(t, a, `/Encounter?patient=${s.client}`),
  'fhir.encounters.read.client': async (t, s, a) => fhir(t, a, `/Encounter/therapy-${(await recordOf(t, s)).visit}`),
  'fhir.invoices.search.client': (t, s, a) => fhir(t, a, `/Invoice?patient=${s.client}`),
  'fhir.invoices.read.client': async (t, s, a) => fhir(t, a, `/Invoice/${(await recordOf(t, s)).invoice}`),
  'fhir.diagnostic-reports.search.client': (t, s, a) => fhir(t, a, `/DiagnosticReport?patient=${s.client}`),
  'fhir.diagnostic-reports.read.client': async (t, s, a) => fhir(t, a, `/DiagnosticReport/${(await recordOf(t, s)).report}`),
  'fhir.document-references.search.client': (t, s, a) => fhir(t, a, `/DocumentReference?patient=${s.client}`),
  'fhir.document-references.read.client': async (t, s, a) => fhir(t, a, `/DocumentReference/${(await recordOf(t, s)).report}`),
  'fhir.op-consult.client': async (t, s, a) => fhir(t, a, `/Composition/op-consult-therapy-${(await recordOf(t, s)).signed}/$document`),
  'fhir.organization.read': (t, _s, a) => fhir(t, a, '/Organization/clinic'),
  'fhir.practitioner.read': (t, s, a) => fhir(t, a, `/Practitioner/${s.nurse}`),
  'fhir.practitioner-role.read': (t, s, a) => fhir(t, a, `/PractitionerRole/${s.nurse}`),
};
