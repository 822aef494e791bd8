// The portal trends' calls (an adapter beside portal-api.ts, owned by the thrive dashboard): the
// client's own dashboard (goals against their latest values), their weight and blood-pressure
// readings, and adding a self-reported reading.
import type { components } from '../../../openapi/generated/api';
import type { ApiClient } from '../../lib/api-client';
import { unwrap } from '../../lib/api-failure';

type S = components['schemas'];
export type OwnTrends = { goals: S['ThriveGoal'][]; readings: S['Measurement'][] };

export async function loadOwnTrends(api: ApiClient, client: number): Promise<OwnTrends> {
  const [dashboard, weight, pressure] = await Promise.all([
    unwrap(api.GET('/thrive/clients/{id}', { params: { path: { id: client } } })),
    unwrap(api.GET('/thrive/measurements', { params: { query: { client, metric: 'weight' } } })),
    unwrap(api.GET('/thrive/measurements', { params: { query: { client, metric: 'blood_pressure' } } })),
  ]);
  return { goals: dashboard.goals, readings: [...weight, ...pressure] };
}

export const addOwnReading = (api: ApiClient, body: S['MeasurementCreate']) => unwrap(api.POST('/thrive/measurements', { body }));
