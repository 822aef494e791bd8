// Every worker starts from the one table in server/jobs/index.ts (issue 33): the partner lab's
// round among them, started only when a partner is named and its poll is not turned off; the
// built-in lab desk needs none.
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/database.ts';
import { startJobWorkers } from '../../../server/jobs/index.ts';
import type { Worker } from '../../../server/jobs/queue.ts';
import type { MailTransport } from '../../../server/mail/transport.ts';

const QUIET = { SCHEDULING_JOBS_POLL_MS: '0', SUPPORT_JOBS_POLL_MS: '0' };
const PARTNER = { LAB_PARTNER_URL: 'http://127.0.0.1:9', LAB_PARTNER_KEY: 'k' };
const log = { warn: () => {} };
let started: Worker[] = [];

const start = (env: Record<string, string>) => {
  // No round runs in these tests (the first is a minute away), so nothing reaches the database.
  const workers = startJobWorkers({ db: {} as Db, mail: {} as MailTransport, gateway: null, reconcileAfterMs: 0, log, env });
  started.push(...workers);
  return workers.length;
};

afterEach(async () => {
  for (const worker of started) await worker.stop();
  started = [];
});

describe('the job workers table', () => {
  it('starts scheduling, packages, support, memberships and data exports by default, and the labs worker only with a partner lab', () => {
    expect(start({})).toBe(5);
    expect(start(PARTNER)).toBe(6);
    expect(start({ ...QUIET })).toBe(0);
    expect(start({ ...QUIET, ...PARTNER })).toBe(1);
  });

  it("the packages' expiry round follows scheduling's switch unless PACKAGE_JOBS_POLL_MS is set", () => {
    expect(start({ SUPPORT_JOBS_POLL_MS: '0', PACKAGE_JOBS_POLL_MS: '0', MEMBERSHIP_JOBS_POLL_MS: '0', PRIVACY_JOBS_POLL_MS: '0' })).toBe(1);
    expect(start({ ...QUIET, PACKAGE_JOBS_POLL_MS: '60000' })).toBe(1);
  });

  it("the memberships' renewal round follows scheduling's switch unless MEMBERSHIP_JOBS_POLL_MS is set", () => {
    expect(start({ SUPPORT_JOBS_POLL_MS: '0', PACKAGE_JOBS_POLL_MS: '0', PRIVACY_JOBS_POLL_MS: '0' })).toBe(2);
  });

  it("the data exports' round follows scheduling's switch unless PRIVACY_JOBS_POLL_MS is set", () => {
    expect(start({ SUPPORT_JOBS_POLL_MS: '0', PACKAGE_JOBS_POLL_MS: '0', MEMBERSHIP_JOBS_POLL_MS: '0' })).toBe(2);
    expect(start({ ...QUIET, PRIVACY_JOBS_POLL_MS: '60000' })).toBe(1);
    expect(start({ ...QUIET, PRIVACY_JOBS_POLL_MS: '0' })).toBe(0);
    expect(start({ ...QUIET, MEMBERSHIP_JOBS_POLL_MS: '60000' })).toBe(1);
  });

  it('LAB_PARTNER_POLL_MS=0 turns the partner round off', () => {
    expect(start({ ...QUIET, ...PARTNER, LAB_PARTNER_POLL_MS: '0' })).toBe(0);
  });

  it('a partner named without its key stops the server from starting', () => {
    expect(() => start({ ...QUIET, LAB_PARTNER_URL: 'http://127.0.0.1:9' })).toThrow(/LAB_PARTNER_KEY/);
  });
});
