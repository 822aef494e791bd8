// Converting a prospect into a client, all or nothing: the sign-in account (identity sends the
// invitation with a temporary password through the mail transport) first, then in one
// transaction the client row takes the account, the profile is filled from the prospect and the
// signed discovery visit, the optional enrollment is made and the stage becomes enrol. If the
// transaction fails, the account made for it is removed again. A repeat after a timeout finds
// the conversion done and answers it; an account left by a crash between the two steps (its
// email is the prospect's, no clinic user holds it) is taken over rather than made twice.
import type { FastifyBaseLogger } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { pipelineLifecycle } from '../../../machines/discovery/pipeline-lifecycle.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { IdentityError, type IdentityAdmin } from '../../identity/contracts.ts';
import { withAudit } from '../audit/data.ts';
import { clinicToday } from '../clinic/data.ts';
import { findProgram } from '../programs/data.ts';
import { emailTaken } from '../people/data.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import type { Caller } from '../policy.ts';
import { findProspect, listVisits, moveStage, type ProspectOut } from './data.ts';
import { DISCOVERY_TEXTS as T } from './texts.ts';

type Conversion = components['schemas']['ProspectConversion'];
type ConvertBody = components['schemas']['ProspectConvert'];

const conversionOf = (p: ProspectOut): Conversion => ({ prospect: p, client: p.id, enrollment: p.enrollment });

/** The identity account for `email`: made now (with its invitation), or an orphan from a crashed attempt. */
async function signInAccount(db: Db, admin: IdentityAdmin, email: string, p: ProspectOut): Promise<{ sub: string; username: string; madeNow: boolean }> {
  try {
    const { User } = await admin.adminCreateUser({
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: p.first_name },
        { Name: 'family_name', Value: p.last_name || p.first_name },
        { Name: 'custom:role', Value: 'CLIENT' },
      ],
      DesiredDeliveryMediums: ['EMAIL'],
    });
    const sub = User.Attributes.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new Error('identity returned a user without sub');
    return { sub, username: User.Username, madeNow: true };
  } catch (error) {
    if (!(error instanceof IdentityError && (error.type === 'UsernameExistsException' || error.type === 'AliasExistsException'))) throw error;
    const existing = await admin.adminGetUser({ Username: email });
    const sub = existing.Attributes.find((a) => a.Name === 'sub')?.Value;
    const held = sub ? await db.selectFrom('users').select('id').where('sub', '=', sub).executeTakeFirst() : undefined;
    if (!sub || held) throw badRequest('email', T.emailTaken);
    // Left by an attempt that never committed: send its invitation again and take it over.
    await admin.adminCreateUser({ Username: existing.Username, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] });
    return { sub, username: existing.Username, madeNow: false };
  }
}

export async function convertProspect(
  db: Db,
  admin: IdentityAdmin,
  log: FastifyBaseLogger,
  caller: Caller,
  requestId: string,
  prospect: ProspectOut,
  body: ConvertBody,
): Promise<Conversion> {
  if (prospect.stage === 'enrol' && prospect.converted_at) return conversionOf(prospect);
  requireLifecycleStep(pipelineLifecycle, 'prospect', prospect.stage, 'enrol', { extras: { converting: true } });
  const email = (body.email ?? prospect.email ?? '').trim().toLowerCase();
  if (!email) throw badRequest('email', T.emailNeeded);
  if (await emailTaken(db, email)) throw badRequest('email', T.emailTaken);
  if (body.program !== undefined) {
    const program = await findProgram(db, body.program);
    if (!program) throw badRequest('program', T.noProgram);
    if (!program.active) throw badRequest('program', T.inactiveProgram);
  }
  const visit = (await listVisits(db, prospect.id)).find((v) => v.status === 'signed');

  const account = await signInAccount(db, admin, email, prospect);
  try {
    return await withAudit<Conversion>(
      db,
      { actor: caller, action: 'discovery.prospect.convert', client: prospect.id, requestId, also: ['profile.update'] },
      async (trx) => {
        const current = await findProspect(trx, prospect.id, true);
        if (!current) throw new HttpError(404, 'Not found.');
        // A concurrent repeat got here first: the same account, already converted.
        if (current.stage === 'enrol' && current.converted_at) return conversionOf(current);
        requireLifecycleStep(pipelineLifecycle, 'prospect', current.stage, 'enrol', { extras: { converting: true } });
        await trx
          .updateTable('users')
          .set({ sub: account.sub, username: account.username, email, status: 'active', updated_at: new Date() })
          .where('id', '=', current.id)
          .execute();
        const goals = { discovery: visit?.goals ?? '', interests: current.interests.join(', ') };
        const story = {
          discovery_notes: current.notes,
          enquiry: Object.entries(current.questionnaire)
            .map(([q, a]) => `${q}: ${a}`)
            .join('\n'),
        };
        const lifestyle = { discovery: visit?.health_and_lifestyle ?? '', barriers: visit?.barriers ?? '' };
        await trx
          .updateTable('user_profiles')
          .set({ health_goals: JSON.stringify(goals), client_story: JSON.stringify(story), lifestyle_history: JSON.stringify(lifestyle) })
          .where('user_id', '=', current.id)
          .execute();
        let enrollment: number | null = null;
        if (body.program !== undefined) {
          const row = await trx
            .insertInto('program_enrollments')
            .values({ user_id: current.id, program_id: body.program, start_date: body.start_date ?? (await clinicToday(trx)) })
            .returning('id')
            .executeTakeFirstOrThrow();
          enrollment = row.id;
        }
        await moveStage(trx, current, 'enrol', {}, caller.id);
        await trx.updateTable('discovery_prospects').set({ converted_at: new Date(), enrollment_id: enrollment, email }).where('id', '=', current.id).execute();
        return conversionOf((await findProspect(trx, current.id))!);
      },
    );
  } catch (error) {
    if (account.madeNow) {
      await admin.adminDeleteUser({ Username: account.username }).catch((cleanup) => {
        log.error({ err: { type: (cleanup as Error).name } }, 'could not remove the identity account after a failed conversion');
      });
    }
    throw error;
  }
}
