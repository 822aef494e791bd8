// /api/v1/billing/documents/:id/pdf and /email (issue 34): an issued document as its PDF, drawn
// from the snapshot frozen at issue (document-pdf.ts), downloaded by the staff who read billing
// (any client's) or by a client (their own), and emailed to the client by the staff who bill.
// Both are on the client's audit trail.
import type { FastifyInstance } from 'fastify';
import type { IssuedBillingDocument } from '../../../machines/billing/billing-document.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { readClinicName } from '../../mail/clinic-name.ts';
import type { MailTransport } from '../../mail/transport.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { notFound } from '../policy.ts';
import { admit } from '../route-access.ts';
import { attachmentDisposition } from '../uploads.ts';
import { type DocumentRow, findDocument } from './data.ts';
import { documentTitle, formatIssuedOn, formatRupees, renderBillingDocumentPdf } from './document-pdf.ts';
import { frozenLogo } from './frozen-logo.ts';
import { visibleDocument } from './documents-routes.ts';
import { act } from './route-helpers.ts';

export const PDF_TEXTS = {
  draftHasNoPdf: 'A draft has no PDF: issue it first (its number and date go on the document).',
  noEmail: 'This client has no email address on file.',
  emailed: (to: string) => `Sent to ${to}.`,
  mail: {
    subject: (clinic: string, title: string, number: string) => `${clinic}: ${title} ${number}`,
    body: (clinic: string, name: string, title: string, number: string, date: string, total: string) =>
      `Dear ${name},\n\nPlease find attached ${title} ${number} dated ${date} for ${total}.\n\nThank you,\n${clinic}`,
  },
} as const;

/** The file a document downloads as: its number with the slashes made safe ("INV-26-27-00042.pdf"). */
export function pdfFileName(snapshot: Pick<IssuedBillingDocument, 'number'>): string {
  return `${snapshot.number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
}

/** The issued document's PDF from its snapshot and the logo it was issued under (never today's). */
export async function documentPdf(db: Db, doc: DocumentRow): Promise<{ snapshot: IssuedBillingDocument; pdf: Buffer }> {
  const snapshot = doc.snapshot as IssuedBillingDocument | null;
  if (!snapshot) throw new HttpError(409, PDF_TEXTS.draftHasNoPdf);
  const pdf = await renderBillingDocumentPdf(snapshot, await frozenLogo(db, snapshot.logoSha256));
  return { snapshot, pdf };
}

export function documentPdfRoutes(app: FastifyInstance, ctx: ApiContext, mail: MailTransport): void {
  const { db, contract } = ctx;

  app.get<{ Params: { id: number } }>(
    '/billing/documents/:id/pdf',
    { schema: contract.routeSchema('downloadBillingDocumentPdf'), config: { access: { roles: 'billing-own', client: 'own', refusal: 'audited' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const doc = await visibleDocument(db, caller, request.params.id, 'billing.document.pdf', request.id);
      await admit(db, request, { action: act('billing.document.pdf'), client: doc.client_id, requestId: request.id });
      // Drawn before the audit's transaction opens, so a long document holds no connection.
      const { snapshot, pdf } = await documentPdf(db, doc);
      await withAudit(db, { actor: caller, action: act('billing.document.pdf'), client: doc.client_id, requestId: request.id }, async () => undefined);
      return reply
        .code(200)
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.length))
        .header('content-disposition', attachmentDisposition(pdfFileName(snapshot), 'application/pdf'))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post<{ Params: { id: number } }>(
    '/billing/documents/:id/email',
    { schema: contract.routeSchema('emailBillingDocument'), config: { access: { roles: 'billing', client: 'any', refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      // Clients are not among who may (403, audited), so the document is found first without their 404.
      const doc = await findDocument(db, request.params.id);
      if (!doc || doc.status === 'deleted') throw notFound();
      await admit(db, request, { action: act('billing.document.email'), client: doc.client_id, requestId: request.id });
      const to = await db.selectFrom('users').select(['email', 'first_name']).where('id', '=', doc.client_id).executeTakeFirst();
      if (!to?.email) throw new HttpError(409, PDF_TEXTS.noEmail);
      const { snapshot, pdf } = await documentPdf(db, doc);
      return withAudit(db, { actor: caller, action: act('billing.document.email'), client: doc.client_id, requestId: request.id }, async (trx) => {
        const clinic = await readClinicName(trx);
        const title = documentTitle(snapshot);
        await mail.send(
          {
            channel: 'email',
            to: to.email,
            subject: PDF_TEXTS.mail.subject(clinic, title, snapshot.number),
            body: PDF_TEXTS.mail.body(
              clinic,
              snapshot.recipient.name || to.first_name,
              title,
              snapshot.number,
              formatIssuedOn(snapshot.issuedOn),
              formatRupees(snapshot.totals.totalPaise),
            ),
            attachments: [{ filename: pdfFileName(snapshot), contentType: 'application/pdf', content: pdf }],
          },
          trx,
        );
        return { detail: PDF_TEXTS.emailed(to.email), to: to.email };
      });
    },
  );
}
