// Kill -9 rounds of the clinical records against the real server process (`npm start`'s command):
// lab orders and the lab catalogue, consent, measurements, cognitive results and runs, therapy
// visits, stock and discovery. SIGKILL mid-writes, restart on the same data: every write that got a
// 2xx is there and whole (PGlite and PostgreSQL). A file of its own beside faults.test.ts so the two
// halves of the suite can run side by side.
import { afterAll, describe, expect, it } from 'vitest';
import { engines } from '../support/engines.ts';
import { startServer } from '../support/server-process.ts';
import { killDuringCognitiveRecords } from './cognitive-faults.ts';
import { killDuringCognitiveRuns } from './cognitive-run-faults.ts';
import { killDuringConsentRecords } from './consent-faults.ts';
import { killDuringDiscoveryWrites } from './discovery-faults.ts';
import { adminToken, type Cleanups, freshStore as storeFor } from './fault-stores.ts';
import { killDuringLabCatalogueEdits } from './lab-catalogue-faults.ts';
import { killDuringLabOrders } from './lab-faults.ts';
import { recordReliability } from './summary.ts';
import { killDuringMeasurements } from './thrive-faults.ts';
import { killDuringStockAdjustments, killDuringVisitWrites } from './visit-faults.ts';

describe.each(engines)('clinical faults on %s', (engine) => {
  const cleanups: Cleanups = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  }, 180_000);
  const freshStore = (prefix: string) => storeFor(engine, prefix, cleanups);

  it('SIGKILL during lab orders booked from held slots: every acknowledged order survives whole, no hold used twice, no slot over capacity', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-labs-');
    const outcome = await killDuringLabOrders({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during lab orders (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '300 concurrent home-collection orders from held slots on five clients',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during lab catalogue edits: every acknowledged edit survives whole, no test half edited', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-lab-catalogue-');
    const outcome = await killDuringLabCatalogueEdits({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during lab catalogue edits (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: "150 concurrent edits of lab tests (name, price, active, both markers' ranges), each on its own test",
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during consent forms recorded by staff: every acknowledged record survives, with its audit entry', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-consent-');
    const outcome = await killDuringConsentRecords({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during consent records (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '300 concurrent signed-form records (given and withdrawn) on five clients',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during measurements added by staff: every acknowledged reading survives as sent, with its audit entry', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-thrive-');
    const outcome = await killDuringMeasurements({
      start: () => startServer({ env, dataDir }),
      token: adminToken,
      store: { databaseUrl: env.DATABASE_URL || null, dataDir },
    });
    recordReliability({
      area: `SIGKILL during measurements (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '300 concurrent weight readings (kg and lb) on five clients with a weight goal; their thrive roll-up equal to a rebuild',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during in-clinic cognitive results recorded by staff: every acknowledged result survives as sent, with its audit entry', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-cognitive-');
    const outcome = await killDuringCognitiveRecords({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during cognitive results (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '300 concurrent MoCA and SAGE totals on five clients',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during clients’ cognitive runs (start, save progress, complete): every acknowledged write survives whole, with its audit entry', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-cognitive-runs-');
    const outcome = await killDuringCognitiveRuns({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during cognitive runs (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '240 concurrent run starts, progress saves and completions by 32 clients',
    });
    expect(outcome.problems).toEqual([]);
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during therapy visit writes: every acknowledged completion, chart save and screen survives; the IV lot holds exactly what committed completions left', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-visits-');
    const outcome = await killDuringVisitWrites({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during therapy visit writes (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '300 concurrent IV completions (stock drawn), PET chart saves and screens',
    });
    expect(outcome.lost).toBe(0);
    expect(outcome.broken).toBe(0);
  }, 600_000);

  it('SIGKILL during stock adjustments: every acknowledged adjustment survives once, the balances chain without a gap and the lot holds the sum of its movements', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-stock-');
    const outcome = await killDuringStockAdjustments({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during stock adjustments (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '300 concurrent deliveries, wastes and expiries of one IV stock lot',
    });
    expect(outcome.problems).toEqual([]);
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during discovery writes: every acknowledged prospect, enquiry, stage move and call survives once, none half-written', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-discovery-');
    const outcome = await killDuringDiscoveryWrites({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during discovery writes (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '300 concurrent prospects, website enquiries, stage moves and calls',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);
});
