// The website's enquiry form, without sign-in: strict validation (the contract's schema), a
// honeypot field people never see (filled: accepted and dropped, so a bot learns nothing), and a
// limit per sender address kept in the database (only a hash of the address is stored). An
// accepted enquiry is a `new` prospect owned by the staff member on duty, who is told by email.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { components } from '../../../openapi/generated/api.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { readClinicName } from '../../mail/clinic-name.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { inCallersTransaction, withAudit } from '../audit/data.ts';
import { findDuplicates, insertProspect } from './data.ts';
import { DISCOVERY_TEXTS as T, ENQUIRY_LIMIT_PER_HOUR } from './texts.ts';

type Enquiry = components['schemas']['EnquiryCreate'];

export const senderHash = (ip: string) => createHash('sha256').update(`discovery-enquiry:${ip}`).digest('base64url');

/**
 * The owner on duty: staff whose shift covers this moment in the clinic's time zone (their weekly
 * hours and not on leave, or an extra shift) come first, a HEALTH_COACH before other staff, then
 * whoever has the fewest open prospects. With nobody on duty (at night, say) the enquiry still
 * gets an owner, chosen the same way, who reads it when they are next in.
 */
async function ownerOnDuty(db: Db): Promise<{ id: number; email: string } | undefined> {
  const open = sql<number>`(select count(*) from discovery_prospects p where p.owner_id = users.id and p.stage not in ('enrol', 'not_a_fit', 'lost'))`;
  const local = sql`(now() at time zone (select time_zone from scheduling_settings limit 1))`;
  const onDuty = sql<boolean>`(
    (exists (select 1 from staff_hours h where h.staff_id = users.id and h.weekday = extract(isodow from ${local})
              and ${local}::time >= h.starts and ${local}::time < h.ends)
     and not exists (select 1 from staff_hour_exceptions e where e.staff_id = users.id and e.kind = 'leave' and now() >= e.starts_at and now() < e.ends_at))
    or exists (select 1 from staff_hour_exceptions e where e.staff_id = users.id and e.kind = 'extra' and now() >= e.starts_at and now() < e.ends_at))`;
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('is_active', '=', true)
    .where('role', '!=', 'CLIENT')
    .orderBy(sql`case when ${onDuty} then 0 else 1 end`)
    .orderBy(sql`case when role = 'HEALTH_COACH' then 0 else 1 end`)
    .orderBy(open)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function receiveEnquiry(db: Db, mail: MailTransport, publicUrl: string, ip: string, requestId: string, body: Enquiry): Promise<void> {
  const email = body.email?.trim() || null;
  const phone = body.phone?.trim() || null;
  if (!email && !phone) throw badRequest('phone', T.contactNeeded);
  if (!body.consent_to_contact) throw badRequest('consent_to_contact', T.consentNeeded);
  const sender = senderHash(ip);
  await db.transaction().execute(async (trx) => {
    // One sender at a time, so a burst cannot slip past the count.
    await sql`select pg_advisory_xact_lock(hashtext(${sender}))`.execute(trx);
    const { n } = await trx
      .selectFrom('discovery_enquiries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('sender_hash', '=', sender)
      .where('received_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (Number(n) >= ENQUIRY_LIMIT_PER_HOUR) throw new HttpError(429, T.enquiryLimit);
    if (body.website?.trim()) {
      await trx.insertInto('discovery_enquiries').values({ prospect_id: null, sender_hash: sender }).execute();
      return;
    }
    const [first, ...rest] = body.name.trim().split(/\s+/);
    const owner = await ownerOnDuty(trx);
    const duplicate = (await findDuplicates(trx, { email, phone }))[0];
    const questionnaire: Record<string, string> = {};
    if (body.message?.trim()) questionnaire.message = body.message.trim();
    // The enquirer acted on their own record: the prospect it creates, audited in this transaction.
    const audit = {
      actor: (prospect: number) => ({ id: prospect, role: 'CLIENT' as const }),
      action: 'discovery.enquiry' as const,
      client: (prospect: number) => prospect,
      requestId,
    };
    const id = await withAudit<number>(
      trx,
      audit,
      async (t) => {
        const prospect = await insertProspect(
          t,
          {
            first_name: first,
            last_name: rest.join(' '),
            email,
            phone,
            source: 'website_form',
            owner: owner?.id ?? null,
            interests: body.interest?.trim() ? [body.interest.trim()] : [],
            questionnaire,
            consent_to_contact: true,
            possible_duplicate_of: duplicate?.id ?? null,
          },
          null,
        );
        await t.insertInto('discovery_enquiries').values({ prospect_id: prospect, sender_hash: sender }).execute();
        return prospect;
      },
      inCallersTransaction,
    );
    if (owner) {
      await mail.send(
        {
          channel: 'email',
          to: owner.email,
          subject: T.ownerNotice.subject,
          body: T.ownerNotice.body(await readClinicName(trx), `${publicUrl}/client/discovery/${id}`),
        },
        trx,
      );
    }
  });
}
