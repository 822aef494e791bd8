// Support's part of the kill -9 test (tests/reliability/faults.test.ts): tickets opened with
// their first message and an attachment, and replies on one ticket, hundreds in flight, SIGKILL,
// restart on the same data. Every acknowledged ticket is there with exactly its first message and
// its attachment (same SHA-256); every acknowledged reply is there once; nothing is half-written
// (a ticket without its message, a message without its attachment).
import { createHash } from 'node:crypto';
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';

const WRITES = 300;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export async function killDuringSupportWrites(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  let token = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const clients: number[] = [];
  for (let i = 0; i < 5; i++)
    clients.push(
      ok(
        await call(server.baseUrl, token, 'POST', '/users/users', {
          email: `fault.support.${i}.${stamp}@test.clinic`,
          first_name: 'Fault',
          last_name: `Client${i}`,
          role: 'CLIENT',
        }),
        'client',
      ).id,
    );
  const shared = ok(
    await call(server.baseUrl, token, 'POST', '/support/tickets', {
      client: clients[0],
      category: 'other',
      subject: 'Shared',
      message: 'The thread the replies go to.',
    }),
    'ticket',
  ).id as number;
  // Each ticket's attachment is uploaded first (unacknowledged uploads are harmless orphans).
  const uploads: number[] = [];
  for (let i = 0; i < WRITES / 2; i++)
    uploads.push(
      ok(await call(server.baseUrl, token, 'POST', '/support/attachments', { file_name: `scan-${i}.png`, content_base64: PNG.toString('base64') }), 'upload')
        .id,
    );

  const tickets = new Map<number, { i: number; client: number; attachment: number }>();
  const replies = new Set<string>();
  const target = server;
  const t0 = token;
  await killMidWrites(
    target,
    WRITES,
    (i) =>
      i % 2 === 0
        ? call(target.baseUrl, t0, 'POST', '/support/tickets', {
            client: clients[i % 5],
            category: 'billing',
            subject: `Fault ${stamp} ${i}`,
            message: `message ${i}`,
            attachments: [uploads[i / 2]],
          })
        : call(target.baseUrl, t0, 'POST', `/support/tickets/${shared}/messages`, { body: `reply ${stamp} ${i}` }),
    (i, body) => {
      if (i % 2 === 0) tickets.set(body.id, { i, client: clients[i % 5], attachment: uploads[i / 2] });
      else replies.add(`reply ${stamp} ${i}`);
    },
  );

  server = await options.start();
  token = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  const sha = createHash('sha256').update(PNG).digest('hex');
  for (const [id, sent] of tickets) {
    const res = await call(server.baseUrl, token, 'GET', `/support/tickets/${id}`);
    if (res.status === 404) {
      lost += 1;
      continue;
    }
    const t = ok(res, 'ticket');
    const [first, ...rest] = t.messages;
    if (t.client !== sent.client || t.subject !== `Fault ${stamp} ${sent.i}` || rest.length !== 0 || first?.body !== `message ${sent.i}`) broken += 1;
    else if (first.attachments.length !== 1 || first.attachments[0].id !== sent.attachment || first.attachments[0].sha256 !== sha) broken += 1;
  }
  // No ticket of this run without its first message (a half-written open).
  const page = ok(await call(server.baseUrl, token, 'GET', `/support/tickets?category=billing&page_size=100`), 'list');
  for (const t of page.results) {
    if (!String(t.subject).startsWith(`Fault ${stamp}`)) continue;
    const detail = ok(await call(server.baseUrl, token, 'GET', `/support/tickets/${t.id}`), 'detail');
    if (detail.messages.length !== 1 || detail.messages[0].attachments.length !== 1) broken += 1;
  }
  const thread = ok(await call(server.baseUrl, token, 'GET', `/support/tickets/${shared}`), 'thread');
  const bodies = thread.messages.map((m: { body: string }) => m.body);
  for (const reply of replies) {
    const n = bodies.filter((b: string) => b === reply).length;
    if (n === 0) lost += 1;
    else if (n > 1) broken += 1;
  }
  await server.stop('SIGTERM');
  return { acknowledged: tickets.size + replies.size, lost, broken };
}
