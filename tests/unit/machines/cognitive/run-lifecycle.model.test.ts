// Every path of the run chart, replayed on the production machine: each verb lands where it says,
// only an unpaused run completes, and an ended run takes no verb at all.
import { expect } from 'vitest';
import { nextSteps } from '../../../../machines/lifecycle/lifecycle.ts';
import { runLifecycle } from '../../../../machines/cognitive/run-lifecycle.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './run-lifecycle.model.ts';

const EXPECTED: Record<string, string> = { 'run.pause': 'paused', 'run.resume': 'in_progress', 'run.complete': 'completed', 'run.abandon': 'incomplete' };

describeModel('cognitive run lifecycle', model, (snapshot, event) => {
  expect(snapshot.value).toBe(EXPECTED[event.type]);
  if (snapshot.status === 'done') expect(nextSteps(runLifecycle, snapshot.value)).toEqual([]);
  if (snapshot.value === 'paused') expect(nextSteps(runLifecycle, 'paused').map((s) => s.to)).not.toContain('completed');
});
