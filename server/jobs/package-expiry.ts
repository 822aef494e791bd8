// The week's notice before a package's credits expire (issue 35): every round looks for packages
// with credits left whose expiry is within the next 7 clinic days and tells each client once. The
// marker (package_expiry_warnings, keyed by package and expiry date) and the message (outbox row,
// or with SMTP the notice job, server/jobs/notices.ts) commit in one transaction per package, so a
// second round, a second server process or a restart after kill -9 never sends it twice. Rounds
// run every hour (PACKAGE_JOBS_POLL_MS) rather than once a day, so a server that was down at the
// day's turn still warns that day; a package found later than 7 days before (sold or unfrozen
// late) is warned at once.
import { sql } from 'kysely';
import { words } from '../../machines/rules/words.ts';
import { addDays } from '../../machines/appointments/scheduling-rules.ts';
import { PACKAGE_EXPIRY_TEXTS as T } from '../api/appointments/package-portal-texts.ts';
import { clinicToday, readClinicFormat } from '../api/clinic/data.ts';
import type { Db } from '../db/database.ts';
import { readClinicName } from '../mail/clinic-name.ts';
import type { MailTransport } from '../mail/transport.ts';
import { deliverWith } from './notices.ts';

/** Days before the expiry date the client is warned. */
export const EXPIRY_WARNING_DAYS = 7;

interface Expiring {
  id: number;
  expires_on: string;
}

/**
 * Packages whose unbooked credits would lapse within the warning days and have not been warned
 * about this expiry date. The one place "still usable" is decided for the warning: paid for (active,
 * or frozen: its credits come back before the expiry), with credits neither taken at check-in nor
 * intended by a booking not yet checked in.
 */
async function expiringPackages(db: Db, today: string): Promise<Expiring[]> {
  const { rows } = await sql<Expiring>`
    select p.id, p.expires_on::text as expires_on from packages p
    where p.status in ('active', 'frozen') and p.expires_on between ${today}::date and ${addDays(today, EXPIRY_WARNING_DAYS)}::date
      and p.sessions_total - p.sessions_used - (select count(*) from appointments a where a.package_id = p.id
        and a.status in ('requested', 'booked', 'confirmed')) > 0
      and not exists (select 1 from package_expiry_warnings w where w.package_id = p.id and w.expires_on = p.expires_on)
    order by p.expires_on, p.id`.execute(db);
  return rows;
}

/** "12 Jan 2027" in the clinic's locale: a day, so no time zone shifts it. */
function expiryDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));
}

/** Warns one package's client unless that was done already; true when this call sent it. */
async function warnOne(db: Db, mail: MailTransport, found: Expiring, locale: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .insertInto('package_expiry_warnings')
      .values({ package_id: found.id, expires_on: found.expires_on })
      .onConflict((oc) => oc.columns(['package_id', 'expires_on']).doNothing())
      .returning('package_id')
      .executeTakeFirst();
    if (!marked) return false;
    const { rows } = await sql<{
      sessions_total: number;
      sessions_used: number;
      therapy: string;
      plan: string | null;
      email: string;
      phone: string | null;
      channel: 'email' | 'sms';
    }>`
      select p.sessions_total, p.sessions_used, p.therapy, pp.name as plan, u.email, u.phone_number as phone, st.reminder_channel as channel
      from packages p join users u on u.id = p.client_id left join package_plans pp on pp.id = p.plan_id
      cross join scheduling_settings st
      where p.id = ${found.id}`.execute(trx);
    const row = rows[0];
    if (!row) return false;
    const sms = row.channel === 'sms' && row.phone;
    const clinic = await readClinicName(trx);
    await deliverWith(trx, mail, `package-expiry:${found.id}:${found.expires_on}`, {
      channel: sms ? 'sms' : 'email',
      to: sms ? row.phone! : row.email,
      subject: T.subject,
      body: T.body(clinic, row.sessions_total - row.sessions_used, row.sessions_total, words(row.therapy), row.plan, expiryDay(found.expires_on, locale)),
    });
    return true;
  });
}

/** One round: warns every package due a warning now; answers how many were warned. */
export async function warnExpiringPackages(db: Db, mail: MailTransport, now: number = Date.now()): Promise<number> {
  const today = await clinicToday(db, now);
  const { locale } = await readClinicFormat(db);
  let sent = 0;
  for (const found of await expiringPackages(db, today)) {
    if (await warnOne(db, mail, found, locale)) sent += 1;
  }
  return sent;
}
