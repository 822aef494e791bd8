// Every path of the staff cognitive section, replayed on the production machine: a save in flight
// is pending, an accepted save loads the results again, a refused one keeps its reasons.
import { expect } from 'vitest';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './review.model.ts';

describeModel('cognitive review', model, (snapshot, event) => {
  if (snapshot.matches('recording') || snapshot.matches('commenting')) expect(snapshot.hasTag('pending')).toBe(true);
  if (event.type.startsWith('xstate.done.actor') && !snapshot.matches('ready')) expect(snapshot.matches('loading')).toBe(true);
  if (event.type.startsWith('xstate.error.actor') && snapshot.matches('ready'))
    expect(snapshot.context.failure?.fieldErrors).toEqual({ total: ['The total cannot be more than the maximum.'] });
});
