import { expect } from 'vitest';
import { describeModel } from '../../../support/model-paths.ts';
import { ORIGIN, model, spies } from './guard.model.ts';

function check(snapshot: any) {
  if (snapshot.matches('waiting')) expect(snapshot.hasTag('pending')).toBe(true);
  // Exactly one redirect, to the right place, with the origin remembered; none while waiting or allowed.
  expect(spies.redirectToLogin).toHaveBeenCalledTimes(snapshot.matches('toLogin') ? 1 : 0);
  expect(spies.redirectToUnauthorized).toHaveBeenCalledTimes(snapshot.matches('toUnauthorized') ? 1 : 0);
  if (snapshot.matches('toLogin')) expect(spies.redirectToLogin).toHaveBeenLastCalledWith(expect.anything(), { origin: ORIGIN });
  if (snapshot.matches('toUnauthorized')) expect(spies.redirectToUnauthorized).toHaveBeenLastCalledWith(expect.anything(), { origin: ORIGIN });
  if (snapshot.matches('allowed')) expect(['NURSE', 'SUPER_ADMIN']).toContain(snapshot.context.role);
}

describeModel('guard', model, check);
