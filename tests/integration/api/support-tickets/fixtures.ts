// Support fixtures: real files by their magic bytes (a tiny PNG and PDF), uploads through the API,
// a ticket opened by its client, and the audit and outbox rows a test reads back.
import { sql } from 'kysely';
import type { TestApp } from '../../../support/test-app.ts';
import { type Actor, api } from '../support.ts';

/** A 1×1 transparent PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
/** A minimal PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

export async function upload(t: TestApp, actor: Actor, fileName: string, content: Buffer) {
  return api(t, actor, 'POST', '/support/attachments', { file_name: fileName, content_base64: content.toString('base64') });
}

export async function openTicket(t: TestApp, client: Actor, extra: Record<string, unknown> = {}) {
  const res = await api(t, client, 'POST', '/support/tickets', {
    category: 'billing',
    subject: 'Charged twice for my session',
    message: 'My card shows two charges for the 12 March session.',
    ...extra,
  });
  if (res.status !== 201) throw new Error(`fixture ticket: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; status: string };
}

/** A download as the browser makes it (the answer is the file, not JSON). */
export async function download(t: TestApp, actor: Actor, id: number) {
  return t.app.inject({ method: 'GET', url: `/api/v1/support/attachments/${id}`, headers: { authorization: `Bearer ${actor.accessToken}` } });
}

export async function auditCount(t: TestApp, action: string, client: number | null, outcome = 'success'): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from audit_events where action = ${action} and client_id is not distinct from ${client} and outcome = ${outcome}`.execute(
    t.database.db,
  );
  return Number(rows[0].n);
}

export async function outboxFor(t: TestApp, to: string) {
  return t.database.db.selectFrom('mail_outbox').select(['channel', 'recipient', 'subject', 'body']).where('recipient', '=', to).orderBy('id').execute();
}
