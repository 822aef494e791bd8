// The therapy visit rows of the authorization matrix (tests/support/authorization-matrix.ts): one
// request per row, run for every role by tests/integration/api/authorization-matrix.test.ts. Each
// request works on a visit or screen of its own, made by the clinic's nurse or doctor.
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { type Actor, type ApiResponse, api } from '../support.ts';
import { openVisit, screen, visitAt } from './fixtures.ts';

interface Shared {
  actors: Record<ClinicRole, Actor>;
  client: number;
}

let n = 0;
const unique = () => `${Date.now().toString(36)}-${++n}`;
const draft = (t: TestApp, s: Shared) => openVisit(t, s.actors.NURSE, { client: s.client, therapy: 'pet' });

function made(res: ApiResponse, what: string): any {
  if (res.status !== 201) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const recipe = async (t: TestApp, s: Shared) =>
  made(
    await api(t, s.actors.ADMIN, 'POST', '/visits/iv-recipes', {
      name: `Immunity ${unique()}`,
      base_fluid: 'Normal saline',
      bag_volume: 100,
      ingredients: [{ item: 'Zinc', dose: 10, unit: 'mg' }],
    }),
    'recipe',
  );
const lot = async (t: TestApp, s: Shared) =>
  made(
    await api(t, s.actors.ADMIN, 'POST', '/visits/stock-lots', {
      item: 'Zinc',
      lot_number: `ZN-${unique()}`,
      expires_on: '2099-12-31',
      quantity: 40,
      unit: 'mg',
    }),
    'lot',
  );

export const visitMatrixRequests: Record<string, (t: TestApp, s: Shared, a: Actor) => Promise<ApiResponse>> = {
  'visits.list.own': (t, _s, a) => api(t, a, 'GET', `/visits/therapy-visits?client=${a.id}`),
  'visits.list.client': (t, s, a) => api(t, a, 'GET', `/visits/therapy-visits?client=${s.client}`),
  'visits.sessions.own': (t, _s, a) => api(t, a, 'GET', `/visits/completed-sessions?client=${a.id}`),
  'visits.sessions.client': (t, s, a) => api(t, a, 'GET', `/visits/completed-sessions?client=${s.client}`),
  'visits.create.client': (t, s, a) => api(t, a, 'POST', '/visits/therapy-visits', { client: s.client, therapy: 'fir' }),
  'visits.get.client': async (t, s, a) => api(t, a, 'GET', `/visits/therapy-visits/${(await draft(t, s)).id}`),
  'visits.patch.client': async (t, s, a) => {
    const v = await draft(t, s);
    return api(t, a, 'PATCH', `/visits/therapy-visits/${v.id}`, { version: v.version, notes: 'Client relaxed.' });
  },
  'visits.transition.client': async (t, s, a) =>
    api(t, a, 'POST', `/visits/therapy-visits/${(await draft(t, s)).id}/transitions`, { to: 'aborted', reason: 'Client left early' }),
  'visits.addendum.client': async (t, s, a) =>
    api(t, a, 'POST', `/visits/therapy-visits/${(await visitAt(t, s.actors.NURSE, s.client, 'pet', 'signed')).id}/addenda`, { text: 'Called next day: well.' }),
  'visits.previous.client': async (t, s, a) => api(t, a, 'GET', `/visits/therapy-visits/${(await draft(t, s)).id}/previous-settings`),
  'screens.list.client': (t, s, a) => api(t, a, 'GET', `/visits/contraindication-screens?client=${s.client}`),
  'screens.create.client': (t, s, a) =>
    api(t, a, 'POST', '/visits/contraindication-screens', { client: s.client, therapy: 'hbot', answers: { claustrophobia: false } }),
  'screens.override.client': async (t, s, a) =>
    api(t, a, 'POST', `/visits/contraindication-screens/${(await screen(t, s.actors.NURSE, s.client, 'hbot', { claustrophobia: true })).id}/override`, {
      reason: 'Door kept open',
    }),
  'therapy-settings.get': (t, _s, a) => api(t, a, 'GET', '/visits/therapy-settings'),
  'therapy-settings.patch': (t, _s, a) => api(t, a, 'PATCH', '/visits/therapy-settings', { screening_valid_days: 30 }),
  'iv-recipes.list': (t, _s, a) => api(t, a, 'GET', '/visits/iv-recipes'),
  'iv-recipes.create': (t, _s, a) =>
    api(t, a, 'POST', '/visits/iv-recipes', {
      name: `Hydration ${unique()}`,
      base_fluid: 'Ringer lactate',
      bag_volume: 500,
      ingredients: [{ item: 'Magnesium', dose: 1, unit: 'g' }],
    }),
  'stock-lots.list': (t, _s, a) => api(t, a, 'GET', '/visits/stock-lots'),
  'stock-lots.create': (t, _s, a) =>
    api(t, a, 'POST', '/visits/stock-lots', { item: 'Magnesium', lot_number: `MG-${unique()}`, expires_on: '2099-12-31', quantity: 50, unit: 'g' }),
  'iv-recipes.patch': async (t, s, a) => api(t, a, 'PATCH', `/visits/iv-recipes/${(await recipe(t, s)).id}`, { bag_volume: 250 }),
  'stock-lots.history': async (t, s, a) => api(t, a, 'GET', `/visits/stock-lots/${(await lot(t, s)).id}/adjustments`),
  'stock-lots.adjust': async (t, s, a) =>
    api(t, a, 'POST', `/visits/stock-lots/${(await lot(t, s)).id}/adjustments`, { kind: 'received', quantity: 10, reason: 'Second box delivered' }),
};
