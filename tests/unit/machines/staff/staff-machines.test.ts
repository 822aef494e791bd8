// The staff pages' statecharts and rules, without a browser or network: the server list (one
// fetch per query change, typing waits for a pause, page resets, failure and retry), the
// confirmed action (success notifies and closes, refusal stays open with the server's reasons),
// the record loader, ages in 365.25-day years, and which roles a signed-in role may give.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { actionMachine } from '../../../../machines/staff/action-machine.ts';
import { ageInYears } from '../../../../machines/staff/age.ts';
import { type ListQuery, listMachine } from '../../../../machines/staff/list-machine.ts';
import { recordMachine } from '../../../../machines/staff/record-machine.ts';
import { assignableRoles, canActOn } from '../../../../machines/staff/user-rules.ts';

function listActor(fetchPage: (q: ListQuery) => Promise<{ count: number; rows: Array<{ id: number }> }>) {
  const actor = createActor(listMachine.provide({ actors: { fetchPage: fromPromise(({ input }) => fetchPage(input)) }, delays: { searchPause: 20 } }), {
    input: {},
  });
  actor.start();
  return actor;
}

describe('list machine', () => {
  it('fetches the first page, then one page per change, resetting to the first page on search, sort and filter', async () => {
    const queries: ListQuery[] = [];
    const actor = listActor(async (q) => {
      queries.push(q);
      return { count: 240, rows: [{ id: q.page }] };
    });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries[0]).toEqual({ page: 0, pageSize: 25, search: '', ordering: null, filters: {} });
    actor.send({ type: 'list.page', page: 3, pageSize: 25 });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.at(-1)!.page).toBe(3);
    actor.send({ type: 'list.page', page: 3, pageSize: 50 });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.at(-1)).toMatchObject({ page: 0, pageSize: 50 });
    actor.send({ type: 'list.page', page: 2, pageSize: 50 });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'list.sort', ordering: '-last_name' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.at(-1)).toMatchObject({ page: 0, ordering: '-last_name' });
    actor.send({ type: 'list.filter', name: 'program', value: '4' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.at(-1)!.filters).toEqual({ program: '4' });
    actor.send({ type: 'list.filter', name: 'program', value: '' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.at(-1)!.filters).toEqual({});
    expect(actor.getSnapshot().context).toMatchObject({ count: 240, error: null });
  });

  it('waits for typing to pause before searching', async () => {
    const queries: ListQuery[] = [];
    const actor = listActor(async (q) => {
      queries.push(q);
      return { count: 0, rows: [] };
    });
    await waitFor(actor, (s) => s.matches('ready'));
    for (const search of ['m', 'me', 'meh', 'mehta']) actor.send({ type: 'list.search', search });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.map((q) => q.search)).toEqual(['', 'mehta']);
  });

  it('a failed fetch shows the error; retry fetches again; the last answer wins', async () => {
    let fail = true;
    const actor = listActor(async () => {
      if (fail) throw new Error('Network error');
      return { count: 1, rows: [{ id: 1 }] };
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Network error');
    fail = false;
    actor.send({ type: 'list.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ count: 1, error: null });
  });

  it('drops an answer overtaken by a newer query', async () => {
    const resolvers: Array<(v: { count: number; rows: Array<{ id: number }> }) => void> = [];
    const actor = listActor(() => new Promise((resolve) => resolvers.push(resolve)));
    actor.send({ type: 'list.page', page: 1, pageSize: 25 });
    resolvers[1]({ count: 2, rows: [{ id: 2 }] });
    await waitFor(actor, (s) => s.matches('ready'));
    resolvers[0]({ count: 1, rows: [{ id: 1 }] });
    await new Promise((r) => setTimeout(r, 10));
    expect(actor.getSnapshot().context.rows).toEqual([{ id: 2 }]);
  });
});

describe('action machine', () => {
  function actionActor(perform: (input: { subject: unknown; values: Record<string, unknown> }) => Promise<unknown>, notifyDone = vi.fn()) {
    const actor = createActor(actionMachine.provide({ actors: { perform: fromPromise(({ input }) => perform(input)) }, actions: { notifyDone } }));
    actor.start();
    return { actor, notifyDone };
  }

  it('open -> submitting -> closed, notifying with the subject', async () => {
    const perform = vi.fn(async () => ({ ok: true }));
    const { actor, notifyDone } = actionActor(perform);
    actor.send({ type: 'action.open', subject: { id: 7 } });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'action.submit', values: { role: 'DOCTOR' } });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(perform).toHaveBeenCalledWith({ subject: { id: 7 }, values: { role: 'DOCTOR' } });
    expect(notifyDone).toHaveBeenCalledTimes(1);
  });

  it("a refusal goes back to the open dialog with the server's message and field reasons; cancel closes", async () => {
    const { actor, notifyDone } = actionActor(async () => {
      throw Object.assign(new Error('Invalid email'), { fieldErrors: { email: ['A user with this email already exists.'] } });
    });
    actor.send({ type: 'action.open' });
    actor.send({ type: 'action.submit', values: { email: 'x@y.z' } });
    await waitFor(actor, (s) => s.matches('open') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Invalid email', fieldErrors: { email: ['A user with this email already exists.'] } });
    expect(notifyDone).not.toHaveBeenCalled();
    actor.send({ type: 'action.cancel' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'action.open' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('record machine', () => {
  it('loads, fails with the status, retries and reloads', async () => {
    let n = 0;
    const actor = createActor(
      recordMachine.provide({
        actors: {
          load: fromPromise<unknown, void>(async () => {
            n += 1;
            if (n === 1) throw Object.assign(new Error('Not found.'), { status: 404 });
            return { n };
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Not found.', status: 404 });
    actor.send({ type: 'record.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'record.reload' });
    await waitFor(actor, (s) => s.matches('ready') && (s.context.data as { n: number }).n === 3);
  });

  it('a reload asked for during a fetch fetches once more afterwards, keeping the first answer on screen meanwhile', async () => {
    const answers: Array<(value: unknown) => void> = [];
    const actor = createActor(
      recordMachine.provide({ actors: { load: fromPromise<unknown, void>(() => new Promise((resolve) => answers.push(resolve))) } }),
    ).start();
    actor.send({ type: 'record.reload' });
    actor.send({ type: 'record.reload' });
    answers[0]({ n: 1 });
    await waitFor(actor, () => answers.length === 2);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual({ n: 1 });
    answers[1]({ n: 2 });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.data).toEqual({ n: 2 });
    expect(answers).toHaveLength(2);
  });
});

describe('rules', () => {
  it('ages count 365.25-day years', () => {
    expect(ageInYears('1990-05-15', new Date('2026-05-14T12:00:00Z'))).toBe(35);
    expect(ageInYears('1990-05-15', new Date('2026-05-16T12:00:00Z'))).toBe(36);
    expect(ageInYears('2000-02-29', new Date('2026-02-28T00:00:00Z'))).toBe(25);
    expect(ageInYears(null)).toBeNull();
    expect(ageInYears('2030-01-01', new Date('2026-01-01'))).toBeNull();
    expect(ageInYears('not a date')).toBeNull();
  });

  it('offers only the roles the signed-in role may give, and no action on oneself', () => {
    expect(assignableRoles('SUPER_ADMIN')).toEqual(['CLIENT', 'NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'ADMIN', 'SUPER_ADMIN']);
    expect(assignableRoles('ADMIN')).toEqual(['CLIENT', 'NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST']);
    expect(assignableRoles('NURSE')).toEqual(['CLIENT']);
    expect(assignableRoles(null)).toEqual([]);
    expect(canActOn('ADMIN', false, 'NURSE')).toBe(true);
    expect(canActOn('ADMIN', false, 'ADMIN')).toBe(false);
    expect(canActOn('SUPER_ADMIN', false, 'ADMIN')).toBe(true);
    expect(canActOn('SUPER_ADMIN', true, 'SUPER_ADMIN')).toBe(false);
    expect(canActOn('RECEPTION', false, 'CLIENT')).toBe(false);
  });
});
