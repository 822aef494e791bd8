// Every path of the enrollment chart, replayed on the production machine: each verb lands where
// the staff record's buttons said it would (enrollmentSteps, read from the same chart), and an
// ended enrollment takes no verb at all.
import { expect } from 'vitest';
import { enrollmentSteps } from '../../../../machines/enrollment/enrollment-rules.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model, VERBS } from './enrollment-lifecycle.model.ts';

const EXPECTED: Record<string, string> = {
  'enrollment.pause': 'paused',
  'enrollment.resume': 'active',
  'enrollment.complete': 'completed',
  'enrollment.cancel': 'cancelled',
};

describeModel('enrollment lifecycle', model, (snapshot, event) => {
  expect(snapshot.value).toBe(EXPECTED[event.type]);
  const offered = enrollmentSteps(snapshot.value).map((s) => `enrollment.${s.verb}`);
  expect(offered.every((verb) => (VERBS as readonly string[]).includes(verb))).toBe(true);
  if (snapshot.status === 'done') expect(offered).toEqual([]);
});
