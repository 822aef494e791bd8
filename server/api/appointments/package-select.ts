// What a package read carries since issue 35 beside its sessions: its plan, its status as of the
// clinic's today (machines/appointments/package-lifecycle.ts packageStatusOn: expiry and used-up
// are read, not stored), its freeze, and the invoice it was sold on and the credit note that
// refunded it with what is still due on each. One select fragment, joined into data.ts's package
// reads, so every package answer has the same shape.
import { sql } from 'kysely';
import { type PackageStatus, packageStatusOn } from '../../../machines/appointments/package-lifecycle.ts';

const documentOf = (column: string) => sql`(select jsonb_build_object(
      'id', d.id, 'number', d.number, 'status', d.status, 'total_paise', coalesce(d.total_paise, 0),
      'due_paise', case when d.kind in ('invoice', 'bill_of_supply') and d.status not in ('draft', 'deleted') then coalesce(d.total_paise, 0)
        - (select coalesce(sum(c.total_paise), 0) from billing_documents c where c.credits_document_id = d.id)
        - (select coalesce(sum(m.amount_paise), 0) from billing_payments m where m.document_id = d.id)
        + (select coalesce(sum(r.amount_paise), 0) from billing_refunds r where r.document_id = d.id) else 0 end)
    from billing_documents d where d.id = ${sql.ref(column)})`;

export const PACKAGE_SALE_SELECT = sql`
  p.plan_id as plan, (select pp.name from package_plans pp where pp.id = p.plan_id) as plan_name,
  p.status as stored_status, p.shareable_in_family, p.freeze_allowance_days, p.frozen_days_used,
  p.frozen_until::text as frozen_until, p.activated_on::text as activated_on,
  ${documentOf('p.invoice_id')} as invoice, ${documentOf('p.refund_note_id')} as refund_note,
  (select (now() at time zone s.time_zone)::date::text from scheduling_settings s) as clinic_today`;

interface Read {
  stored_status: PackageStatus;
  clinic_today: string;
  expires_on: string | null;
  sessions_left: number;
  frozen_until: string | null;
  invoice: Record<string, unknown> | null;
  refund_note: Record<string, unknown> | null;
}

const documentOut = (d: Record<string, unknown> | null) =>
  d && {
    id: Number(d.id),
    number: (d.number as string | null) ?? null,
    status: String(d.status),
    total_paise: Number(d.total_paise),
    due_paise: Number(d.due_paise),
  };

/** A package row as the API gives it: its status as of the clinic's today, a freeze that is over left out. */
export function packageSaleOut<R extends Read>(r: R) {
  const { stored_status, clinic_today, ...rest } = r;
  const status = packageStatusOn(
    { status: stored_status, expires_on: r.expires_on, sessions_left: r.sessions_left, frozen_until: r.frozen_until },
    clinic_today,
  );
  return {
    ...rest,
    status,
    frozen_until: status === 'frozen' ? r.frozen_until : null,
    invoice: documentOut(r.invoice),
    refund_note: documentOut(r.refund_note),
  };
}
