// The server enforces the data export chart: every (from, to) pair of statuses is tried through the
// one function the privacy jobs change an export's status with (stepExport), generated from
// machines/privacy/export-lifecycle.ts, a week after the export was ready. A step of the chart is
// written; any other change is a 409 and leaves the export as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { type ExportStatus, expiresAt, exportLifecycle } from '../../../../machines/privacy/export-lifecycle.ts';
import { lockExport, stepExport } from '../../../../server/api/privacy/data.ts';
import { HttpError } from '../../../../server/http/errors.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser } from '../support.ts';

const statuses = statusesOf(exportLifecycle) as ExportStatus[];
const READY_AT = new Date('2026-03-01T10:00:00Z');
const NOW = new Date('2026-03-09T10:00:00Z');
const pairs = statuses.flatMap((from) =>
  statuses
    .filter((to) => to !== from)
    .map((to) => ({ from, to, legal: stepTo(exportLifecycle, from, to, { context: { readyAt: READY_AT.toISOString(), now: NOW.toISOString() } }) !== null })),
);
const ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

describe.each(engines)('the data export lifecycle on %s', (engine) => {
  let t: TestApp;
  let client: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { PRIVACY_JOBS_POLL_MS: '0' } });
    client = await addUser(t, 'CLIENT');
  }, 180_000);
  afterAll(() => t.close());

  it('has both legal and illegal pairs, and nothing goes back', () => {
    expect(pairs.filter((p) => p.legal).map((p) => `${p.from}->${p.to}`)).toEqual([
      'requested->building',
      'building->ready',
      'building->failed',
      'ready->expired',
    ]);
  });

  it.each(pairs)('$from -> $to (legal: $legal)', async ({ from, to, legal }) => {
    // The starting status is a fixture, written directly (with what that status holds): the step under test is the only change.
    const finished = from === 'ready' || from === 'expired';
    const { id } = await t.database.db
      .insertInto('data_exports')
      .values({
        client_id: client.id,
        requested_by: client.id,
        status: from,
        ready_at: finished ? READY_AT : null,
        expires_at: finished ? expiresAt(READY_AT) : null,
        archive: from === 'ready' ? ZIP : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const attempt = t.database.db.transaction().execute(async (trx) => {
      const row = (await lockExport(trx, id))!;
      await stepExport(trx, row, to, NOW, to === 'ready' ? { archive: { bytes: ZIP, sha256: '0'.repeat(64), expiresAt: expiresAt(NOW) } } : {});
    });
    if (legal) await attempt;
    else {
      const error = await attempt.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(409);
    }
    const stored = await t.database.db.selectFrom('data_exports').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.status).toBe(legal ? to : from);
    // Done with it: under way ones would block the next pair's fixture for this client.
    await t.database.db.deleteFrom('data_exports').where('id', '=', id).execute();
  });
});
