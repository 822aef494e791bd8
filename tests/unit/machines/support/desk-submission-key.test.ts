// The desk sends one Idempotency-Key per ticket a person opens: the same key when the same form is
// sent again after a failure (the server may have written the first), a new key once the ticket
// is opened or when anything in the form changed (machines/rules/submission-key.ts).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type DeskPage, type DeskTicket, supportDeskMachine, type TicketDraft } from '../../../../machines/support/desk-machine.ts';
import { keyFor, newSubmissionKey, sameSubmission } from '../../../../machines/rules/submission-key.ts';

const TICKET: DeskTicket = { id: 7, status: 'new', client: 3, subject: 'Charged twice' };
const file = { name: 'statement.pdf' };
const draft = (extra: Partial<TicketDraft> = {}): TicketDraft => ({
  category: 'billing',
  subject: 'Charged twice',
  message: 'Two charges',
  appointment: null,
  labOrder: null,
  files: [file],
  ...extra,
});

function desk(answers: Array<'ok' | 'lost'>) {
  const keys: string[] = [];
  const actor = createActor(
    supportDeskMachine.provide({
      actors: {
        loadTickets: fromPromise(async (): Promise<DeskPage> => ({ count: 0, results: [] })),
        loadTicket: fromPromise(async (): Promise<DeskTicket> => TICKET),
        createTicket: fromPromise(async ({ input }: { input: { client: number | null; draft: TicketDraft; key: string } }): Promise<DeskTicket> => {
          keys.push(input.key);
          if (answers[keys.length - 1] === 'lost') throw new TypeError('Failed to fetch');
          return TICKET;
        }),
      },
    }),
    { input: { client: 3 } },
  ).start();
  const send = async (d: TicketDraft) => {
    actor.send({ type: 'desk.create', draft: d });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
  };
  return { actor, keys, send };
}

describe('Idempotency-Key of the support desk', () => {
  it('resends the same form with the same key, and a new form with a new one', async () => {
    const { actor, keys, send } = await (async () => {
      const d = desk(['lost', 'lost', 'ok', 'ok', 'ok']);
      await waitFor(d.actor, (s) => s.matches({ ready: 'idle' }));
      return d;
    })();
    await send(draft());
    await send(draft()); // the same form again, as a new object: a resend
    await send(draft()); // answered this time
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(actor.getSnapshot().context.submission).toBeNull();
    await send(draft()); // opened already: the same words again are a new ticket
    expect(keys[3]).not.toBe(keys[0]);
    await send(draft({ subject: 'Charged three times' }));
    expect(keys[4]).not.toBe(keys[3]);
    actor.stop();
  });

  it('a changed field or another file after a failure is a new submission', async () => {
    const { actor, keys, send } = desk(['lost', 'lost', 'lost']);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    await send(draft());
    await send(draft({ message: 'Two charges, 12 March' }));
    await send(draft({ message: 'Two charges, 12 March', files: [{ name: 'statement.pdf' }] }));
    expect(new Set(keys).size).toBe(3);
    actor.stop();
  });

  it('rules: fresh keys differ; drafts compare by field and by file identity', () => {
    const many = new Set(Array.from({ length: 200 }, newSubmissionKey));
    expect(many.size).toBe(200);
    expect(sameSubmission(draft(), draft())).toBe(true);
    expect(sameSubmission(draft(), draft({ files: [{ name: 'statement.pdf' }] }))).toBe(false);
    expect(sameSubmission(draft(), draft({ appointment: 4 }))).toBe(false);
    const first = keyFor(null, draft());
    expect(keyFor(first, draft()).key).toBe(first.key);
    expect(keyFor(first, draft({ labOrder: 2 })).key).not.toBe(first.key);
  });
});
