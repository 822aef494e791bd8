// Every path of the ticket chart, replayed on the production machine: each verb lands where its
// name says; a solved ticket is reopened only by its client and closed only by the clock, seven
// days after solving; a closed ticket takes no verb at all.
import { expect } from 'vitest';
import { nextSteps } from '../../../../machines/lifecycle/lifecycle.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './ticket-lifecycle.model.ts';

const EXPECTED: Record<string, string> = {
  'ticket.open': 'open',
  'ticket.wait_on_client': 'pending',
  'ticket.hold': 'on_hold',
  'ticket.solve': 'solved',
  'ticket.reopen': 'open',
  'ticket.close': 'closed',
};

describeModel('ticket lifecycle', model, (snapshot, event) => {
  expect(snapshot.value).toBe(EXPECTED[event.type]);
  const { by, now, solvedAt } = snapshot.context;
  if (event.type === 'ticket.close') expect(by === 'clock' && Date.parse(now) - Date.parse(solvedAt) >= 7 * 86_400_000).toBe(true);
  if (snapshot.status === 'done') expect(nextSteps(model.machine, snapshot.value as string)).toEqual([]);
});
