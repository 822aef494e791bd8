// The server enforces the ticket chart: every (from, to) pair of statuses is tried as staff,
// generated from machines/support/ticket-lifecycle.ts. A step of the chart is accepted; any other
// change answers 409 {detail} and leaves the ticket and the audit trail as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { type TicketStatus, ticketLifecycle } from '../../../../machines/support/ticket-lifecycle.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { auditCount, openTicket } from './fixtures.ts';
import { wordsInSentence } from '../../../../machines/rules/words.ts';

const statuses = statusesOf(ticketLifecycle) as TicketStatus[];
const now = new Date().toISOString();
const pairs = statuses.flatMap((from) =>
  statuses
    .filter((to) => to !== from)
    .map((to) => ({ from, to, legal: stepTo(ticketLifecycle, from, to, { context: { by: 'staff', solvedAt: now, now } }) !== null })),
);

describe.each(engines)('the ticket lifecycle on %s', (engine) => {
  let t: TestApp;
  let staff: Actor;
  let client: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    staff = await addUser(t, 'HEALTH_COACH');
    client = await addUser(t, 'CLIENT');
  }, 180_000);
  afterAll(() => t.close());

  it('has both legal and illegal pairs to try, and staff can neither reopen a solved ticket nor close one', () => {
    expect(pairs.some((p) => p.legal)).toBe(true);
    expect(pairs.find((p) => p.from === 'solved' && p.to === 'open')?.legal).toBe(false);
    expect(pairs.find((p) => p.from === 'solved' && p.to === 'closed')?.legal).toBe(false);
  });

  it.each(pairs)('$from -> $to (legal: $legal)', async ({ from, to, legal }) => {
    const { id } = await openTicket(t, client, { category: 'other' }); // 'Other' is every clinical role's (issue 32)
    // The starting status is a fixture, written directly: the pair under test is the only request.
    await t.database.db
      .updateTable('support_tickets')
      .set({ status: from, solved_at: from === 'solved' || from === 'closed' ? new Date() : null })
      .where('id', '=', id)
      .execute();
    const before = await auditCount(t, 'support.ticket.transition', client.id);
    const res = await api(t, staff, 'POST', `/support/tickets/${id}/transitions`, { to });
    const stored = await t.database.db.selectFrom('support_tickets').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    if (legal) {
      expect(res.status).toBe(200);
      expect(stored.status).toBe(to);
      expect(await auditCount(t, 'support.ticket.transition', client.id)).toBe(before + 1);
    } else {
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(`This ticket cannot go from ${wordsInSentence(from)} to ${wordsInSentence(to)}.`);
      expect(stored.status).toBe(from);
      expect(await auditCount(t, 'support.ticket.transition', client.id)).toBe(before);
    }
  });
});
