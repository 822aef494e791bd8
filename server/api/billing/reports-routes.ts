// /api/v1/billing/reports/{report} (issue 35, docs/billing.md "Reports"): sales by day, service,
// staff member and payment method, outstanding invoices with ageing, packages and advances held,
// for a clinic-local range of at most a year, as JSON or as CSV. ADMIN and SUPER_ADMIN only: a
// report is the clinic's whole turnover and every client's debts, which the front desk does not
// need (the same reasoning as the GSTR-1 return). Read-only; each read is on the audit trail
// without a client.
import type { FastifyInstance } from 'fastify';
import {
  AS_OF_REPORTS,
  type BillingReportName,
  type BillingReportRow,
  isBillingReport,
  REPORT_TEXTS,
  reportCsv,
  reportFileName,
  reportRangeProblems,
  totalRow,
} from '../../../machines/billing/reports.ts';
import { localTime } from '../../../machines/appointments/scheduling-rules.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { readClinicFormat } from '../clinic/data.ts';
import { act } from './route-helpers.ts';
import { advancesHeld, outstanding, packageFigures, type ReportRange, salesByDay, salesByPaymentMethod, salesByService, salesByStaff } from './reports-sql.ts';

interface ReportQuery {
  from?: string;
  to?: string;
  format?: 'json' | 'csv';
}

/** The report's rows over the range (the as-of reports: on its last day). */
export async function reportRows(db: Db, report: BillingReportName, range: ReportRange, today: string): Promise<BillingReportRow[]> {
  switch (report) {
    case 'sales-by-day':
      return salesByDay(db, range);
    case 'sales-by-service':
      return salesByService(db, range);
    case 'sales-by-staff':
      return salesByStaff(db, range);
    case 'sales-by-payment-method':
      return salesByPaymentMethod(db, range);
    case 'outstanding':
      return outstanding(db, range.to, range.zone);
    case 'packages':
      return packageFigures(db, range, today);
    case 'advances':
      return advancesHeld(db, range.to, range.zone);
  }
}

/** A clinic-local date in the clinic's locale, digits only (28/11/2026 in en-IN). */
function dateWriter(locale: string): (day: string) => string {
  const format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
  return (day) => format.format(new Date(`${day}T00:00:00Z`));
}

export function reportRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;

  app.get<{ Params: { report: string }; Querystring: ReportQuery }>(
    '/billing/reports/:report',
    { schema: contract.routeSchema('getBillingReport'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { report } = request.params;
      if (!isBillingReport(report)) throw badRequest('report', REPORT_TEXTS.problems.report);
      const { from, to, format = 'json' } = request.query;
      const problems = reportRangeProblems(from, to);
      if (problems.from) throw badRequest('from', problems.from);
      if (problems.to) throw badRequest('to', problems.to);
      const clinic = await readClinicFormat(db);
      const today = localTime(clinic.timeZone, Date.now()).date;
      const range: ReportRange = { from: from!, to: to!, zone: clinic.timeZone };
      const rows = await withAudit(db, { actor: caller, action: act('billing.report.read'), client: null, requestId: request.id }, (trx) =>
        reportRows(trx, report, range, today),
      );
      const total = totalRow(report, rows);
      reply.header('cache-control', 'private, no-store');
      if (format === 'csv') {
        return reply
          .code(200)
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${reportFileName(report, range.from, range.to)}"`)
          .send(reportCsv(report, rows, total, { date: dateWriter(clinic.locale) }));
      }
      return reply.code(200).send({
        report,
        from: range.from,
        to: range.to,
        as_of: AS_OF_REPORTS.includes(report) ? range.to : null,
        rows,
        total,
      });
    },
  );
}
