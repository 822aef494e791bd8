// The support rows of the authorization matrix (tests/support/authorization-matrix.ts): one request
// per row, run for every role by tests/integration/api/authorization-matrix.test.ts. "Own" is
// the client's own ticket for a CLIENT and the shared client's ticket for staff.
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { type Actor, type ApiResponse, api } from '../support.ts';
import { PNG, upload } from './fixtures.ts';

interface Shared {
  actors: Record<ClinicRole, Actor>;
  client: number;
}

type Builder = (t: TestApp, s: Shared, a: Actor) => Promise<ApiResponse>;

const ownOrClient = (s: Shared, a: Actor) => (a.role === 'CLIENT' ? a.id : s.client);

/** A fresh ticket of `client`: opened by the client themselves when signed in, else by the front desk. */
async function ticketOf(t: TestApp, s: Shared, a: Actor, client: number, category = 'other'): Promise<number> {
  const opener = a.role === 'CLIENT' && client === a.id ? a : s.actors.RECEPTION;
  const res = await api(t, opener, 'POST', '/support/tickets', {
    ...(opener === a && a.role === 'CLIENT' ? {} : { client }),
    category,
    subject: 'Matrix',
    message: 'A question.',
  });
  if (res.status !== 201) throw new Error(`fixture ticket: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** An attachment on a fresh ticket of `client`, uploaded by its opener. */
async function attachmentOf(t: TestApp, s: Shared, a: Actor, client: number): Promise<number> {
  const opener = a.role === 'CLIENT' && client === a.id ? a : s.actors.RECEPTION;
  const file = await upload(t, opener, 'photo.png', PNG);
  const res = await api(t, opener, 'POST', '/support/tickets', {
    ...(opener.role === 'CLIENT' ? {} : { client }),
    category: 'other',
    subject: 'Photo',
    message: 'See the photo.',
    attachments: [file.body.id],
  });
  if (res.status !== 201) throw new Error(`fixture attachment: ${res.status} ${JSON.stringify(res.body)}`);
  return file.body.id;
}

async function download(t: TestApp, a: Actor, id: number): Promise<ApiResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/support/attachments/${id}`, headers: { authorization: `Bearer ${a.accessToken}` } });
  const json = res.headers['content-type']?.toString().startsWith('application/json');
  return { status: res.statusCode, body: json ? JSON.parse(res.body) : undefined, headers: res.headers };
}

export const supportMatrixRequests: Record<string, Builder> = {
  'support.tickets.list.own': (t, s, a) => api(t, a, 'GET', `/support/tickets?client=${ownOrClient(s, a)}`),
  'support.tickets.list.client': (t, s, a) => api(t, a, 'GET', `/support/tickets?client=${s.client}`),
  'support.tickets.create.own': (t, s, a) =>
    api(t, a, 'POST', '/support/tickets', {
      ...(a.role === 'CLIENT' ? {} : { client: s.client }),
      category: 'billing',
      subject: 'Invoice',
      message: 'Please resend my invoice.',
    }),
  'support.tickets.create.client': (t, s, a) =>
    api(t, a, 'POST', '/support/tickets', { client: s.client, category: 'billing', subject: 'Invoice', message: 'Please resend the invoice.' }),
  'support.tickets.get.own': async (t, s, a) => api(t, a, 'GET', `/support/tickets/${await ticketOf(t, s, a, ownOrClient(s, a))}`),
  'support.tickets.get.client': async (t, s, a) => api(t, a, 'GET', `/support/tickets/${await ticketOf(t, s, a, s.client)}`),
  'support.tickets.get.billing': async (t, s, a) => api(t, a, 'GET', `/support/tickets/${await ticketOf(t, s, a, s.client, 'billing')}`),
  'support.messages.reply.billing': async (t, s, a) =>
    api(t, a, 'POST', `/support/tickets/${await ticketOf(t, s, a, s.client, 'billing')}/messages`, { body: 'Any news?' }),
  'support.tickets.assign.own': async (t, s, a) =>
    api(t, a, 'PATCH', `/support/tickets/${await ticketOf(t, s, a, ownOrClient(s, a))}`, { assignee: s.actors.NURSE.id }),
  'support.tickets.assign.client': async (t, s, a) =>
    api(t, a, 'PATCH', `/support/tickets/${await ticketOf(t, s, a, s.client)}`, { assignee: s.actors.NURSE.id }),
  'support.tickets.transition.own': async (t, s, a) =>
    api(t, a, 'POST', `/support/tickets/${await ticketOf(t, s, a, ownOrClient(s, a))}/transitions`, { to: 'open' }),
  'support.tickets.transition.client': async (t, s, a) =>
    api(t, a, 'POST', `/support/tickets/${await ticketOf(t, s, a, s.client)}/transitions`, { to: 'open' }),
  'support.messages.reply.own': async (t, s, a) =>
    api(t, a, 'POST', `/support/tickets/${await ticketOf(t, s, a, ownOrClient(s, a))}/messages`, { body: 'Any news?' }),
  'support.messages.reply.client': async (t, s, a) =>
    api(t, a, 'POST', `/support/tickets/${await ticketOf(t, s, a, s.client)}/messages`, { body: 'Any news?' }),
  'support.messages.note.own': async (t, s, a) =>
    api(t, a, 'POST', `/support/tickets/${await ticketOf(t, s, a, ownOrClient(s, a))}/messages`, { body: 'Checked with accounts.', internal: true }),
  'support.attachments.upload': (t, _s, a) => upload(t, a, 'scan.png', PNG),
  'support.attachments.download.own': async (t, s, a) => download(t, a, await attachmentOf(t, s, a, ownOrClient(s, a))),
  'support.attachments.download.client': async (t, s, a) => download(t, a, await attachmentOf(t, s, a, s.client)),
};
