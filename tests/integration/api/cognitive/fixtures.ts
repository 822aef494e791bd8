// Cognitive assessment fixtures: a MoCA total as a nurse records it, and runs put straight into a
// status (for the lifecycle and authorization tests, which need runs in every status fast).
import { sql } from 'kysely';
import type { TestApp } from '../../../support/test-app.ts';

export const MOCA = {
  instrument: 'MoCA',
  form: '8.1',
  version: 'English 8.1',
  language: 'English',
  setting: 'Quiet consultation room, hearing aids worn',
  administered_on: '2026-11-20',
  total: 26,
  max_total: 30,
  domains: [
    { domain: 'Delayed recall', score: 3, max: 5 },
    { domain: 'Attention', score: 6, max: 6 },
  ],
  administrator: 'Kavya Nair, certified administrator',
  interpretation: 'Within the expected range for age and schooling; repeat in 12 months.',
};

const SCORED = { memory: 50, attention: 50, processing_speed: 50, executive_function: 50 };

/** A run of `client` in `status`, written directly; returns its id. */
export async function runIn(t: TestApp, client: number, status: 'in_progress' | 'paused' | 'completed' | 'incomplete', seed = 20261123): Promise<number> {
  const completed = status === 'completed';
  const { rows } = await sql<{ id: number }>`
    insert into cognitive_runs (client_id, seed, status, completed_at, domains, measures, total)
    values (${client}, ${seed}, ${status}, ${completed ? sql`now()` : null}, ${completed ? JSON.stringify(SCORED) : null}::jsonb, ${completed ? '{}' : null}::jsonb, ${completed ? 50 : null})
    returning id`.execute(t.database.db);
  return rows[0].id;
}
