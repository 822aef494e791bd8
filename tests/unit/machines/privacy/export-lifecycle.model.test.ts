// Every path of the data export chart, replayed on the production machine: it is built before it
// is ready, expires only once its days are over, fails only while building,
// and an expired or failed export takes no verb.
import { describe, expect, it } from 'vitest';
import { nextSteps, statusesOf } from '../../../../machines/lifecycle/lifecycle.ts';
import { downloadable, EXPORT_STATUSES, expiresAt, exportLifecycle, underWay } from '../../../../machines/privacy/export-lifecycle.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './export-lifecycle.model.ts';

describeModel('data export lifecycle', model, (snapshot) => {
  if (snapshot.value === 'expired') {
    expect(Date.parse(snapshot.context.now) - Date.parse(snapshot.context.readyAt)).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(nextSteps(exportLifecycle, 'expired', { context: snapshot.context })).toEqual([]);
  }
  if (snapshot.value === 'failed') {
    expect(nextSteps(exportLifecycle, 'failed', { context: snapshot.context })).toEqual([]);
  }
});

describe('data export statuses', () => {
  it("are the chart's statuses", () => {
    expect(statusesOf(exportLifecycle)).toEqual([...EXPORT_STATUSES]);
  });

  it('one under way at a time (a failed one is not); only a ready one downloads; it expires a week after it was ready', () => {
    expect(EXPORT_STATUSES.filter(underWay)).toEqual(['requested', 'building']);
    expect(underWay('failed')).toBe(false);
    expect(EXPORT_STATUSES.filter(downloadable)).toEqual(['ready']);
    expect(expiresAt(new Date('2026-03-01T10:00:00Z')).toISOString()).toBe('2026-03-08T10:00:00.000Z');
  });
});
