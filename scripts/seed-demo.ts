// `npm run seed:demo`: fills the configured database (DATA_DIR or DATABASE_URL, as `npm start`)
// with a demo clinic: one staff user per role, 60 clients with profiles and onboarding answers,
// 5 programs and enrollments, scheduling (scripts/seed-scheduling.ts) and a day's work
// (scripts/seed-day.ts: hours, package plans, lab catalogue and PIN codes, prospects, signed
// charts, tickets). Idempotent: whatever exists (by email, by program name, a client
// with enrollments) is left as it is. On PGlite, stop the server first (one process per DATA_DIR).
import { sql } from 'kysely';
import { createAadhaarVault } from '../server/api/people/aadhaar.ts';
import { insertUserWithProfile } from '../server/api/people/provision.ts';
import { bootstrapSuperAdmin } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';
import type { Db } from '../server/db/database.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import type { IdentityAdmin } from '../server/identity/contracts.ts';
import { IdentityError } from '../server/identity/contracts.ts';
import { createIdentityRuntime } from '../server/identity/index.ts';
import { createLogger } from '../server/logger.ts';
import { createMailTransport } from '../server/mail/transport.ts';
import { DEMO_DOMAIN, DEMO_PROGRAMS, DEMO_STAFF, type DemoPerson, demoClients } from './demo-data.ts';
import { failureLine, firstAdministratorLines } from './seed-demo-report.ts';
import { seedDay } from './seed-day.ts';
import { seedScheduling } from './seed-scheduling.ts';

const password = process.env.DEMO_PASSWORD || 'Thrive-Demo-2026!';
const STATUSES = ['active', 'active', 'active', 'paused', 'completed', 'cancelled'] as const;

async function ensureAccount(
  db: Db,
  admin: IdentityAdmin,
  person: DemoPerson,
  seal: (v: string) => { sealed: string; last4: string },
): Promise<{ id: number; created: boolean }> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', person.email)
    .executeTakeFirst();
  if (existing) return { id: existing.id, created: false };
  let user: Awaited<ReturnType<IdentityAdmin['adminGetUser']>>;
  try {
    ({ User: user } = await admin.adminCreateUser({
      Username: person.email,
      UserAttributes: [
        { Name: 'email', Value: person.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: person.first_name },
        { Name: 'family_name', Value: person.last_name },
        { Name: 'custom:role', Value: person.role },
      ],
      MessageAction: 'SUPPRESS',
    }));
  } catch (error) {
    if (!(error instanceof IdentityError && error.type === 'UsernameExistsException')) throw error;
    user = await admin.adminGetUser({ Username: person.email });
  }
  await admin.adminSetUserPassword({ Username: user.Username, Password: password, Permanent: true });
  const sub = user.Attributes.find((a) => a.Name === 'sub')!.Value;
  const profile: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(person.profile)) profile[key] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
  if (person.aadhaar) {
    const sealed = seal(person.aadhaar);
    profile.aadhar_sealed = sealed.sealed;
    profile.aadhar_last4 = sealed.last4;
  }
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertUserWithProfile(trx, {
      sub,
      username: user.Username,
      email: person.email,
      first_name: person.first_name,
      last_name: person.last_name,
      role: person.role,
      phone_number: person.phone_number,
      profile,
    });
    if (person.consent) {
      const when = new Date(Date.now() - 30 * 86_400_000);
      await trx
        .updateTable('user_profiles')
        .set({ hipaa_consent: true, hipaa_consent_date: when, hipaa_consent_version: '1.0' })
        .where('user_id', '=', id)
        .execute();
      await trx.insertInto('consent_history').values({ user_id: id, version: '1.0', consented_at: when, recorded_by: id, user_agent: 'seed-demo' }).execute();
    }
    return id;
  });
  return { id, created: true };
}

const DEMO_ALLERGIES: Array<string | null> = ['Penicillin', null, 'Peanuts, shellfish', null, 'Sulfa drugs', 'Latex', null];
const DEMO_ALERTS: Array<string | null> = [null, 'Faints during blood draws: draw lying down.', null, 'Hard of hearing: speak facing the client.', null];

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const db = database.db;
    const mail = createMailTransport({ kind: config.mail.transport, smtpUrl: config.mail.smtpUrl, fromAddress: config.supportEmail, db, log });
    const identity = await createIdentityRuntime(config, db, { mail, log, env: process.env });
    const vault = createAadhaarVault(config);
    await bootstrapSuperAdmin({ db, admin: identity.admin, config });

    const staff: DemoPerson[] = DEMO_STAFF.map((s, i) => ({
      email: `${s.role.toLowerCase().replace('_', '-')}@${DEMO_DOMAIN}`,
      first_name: s.first_name,
      last_name: s.last_name,
      role: s.role,
      phone_number: `+9198200${String(10000 + i).slice(1)}0`,
      aadhaar: null,
      consent: false,
      profile: { title: s.title, clinic: 'Thrive Bandra', city: 'Mumbai', state: 'Maharashtra', country: 'India' },
    }));
    let created = 0;
    const staffIds: number[] = [];
    for (const person of staff) {
      const r = await ensureAccount(db, identity.admin, person, vault.seal);
      staffIds.push(r.id);
      if (r.created) created++;
    }
    const clients = demoClients(60);
    const clientIds: number[] = [];
    for (const person of clients) {
      const r = await ensureAccount(db, identity.admin, person, vault.seal);
      clientIds.push(r.id);
      if (r.created) created++;
    }
    // Allergies and alerts staff see on the record's banner and on every appointment (issue 24);
    // only where none are recorded yet, so a rerun keeps what staff wrote.
    for (const [i, userId] of clientIds.entries()) {
      const allergies = DEMO_ALLERGIES[i % DEMO_ALLERGIES.length];
      const alert = DEMO_ALERTS[i % DEMO_ALERTS.length];
      if (!allergies && !alert) continue;
      await db
        .updateTable('user_profiles')
        .set({ allergies, alert_notes: alert })
        .where('user_id', '=', userId)
        .where('allergies', 'is', null)
        .where('alert_notes', 'is', null)
        .execute();
    }

    const programIds: number[] = [];
    for (const program of DEMO_PROGRAMS) {
      const found = await db
        .selectFrom('programs')
        .select('id')
        .where(sql`lower(name)`, '=', program.name.toLowerCase())
        .executeTakeFirst();
      programIds.push(found ? found.id : (await db.insertInto('programs').values(program).returning('id').executeTakeFirstOrThrow()).id);
    }

    let enrollments = 0;
    for (const [i, userId] of clientIds.entries()) {
      if (i % 6 === 5) continue; // some clients have not joined a program yet
      const has = await db.selectFrom('program_enrollments').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
      if (has) continue;
      const program = DEMO_PROGRAMS[i % DEMO_PROGRAMS.length];
      const start = new Date(Date.UTC(2026, (i * 5) % 11, 1 + (i % 27)));
      const status = STATUSES[i % STATUSES.length];
      const end = status === 'completed' || status === 'cancelled' ? new Date(start.getTime() + program.duration_weeks * 7 * 86_400_000) : null;
      await db
        .insertInto('program_enrollments')
        .values({
          user_id: userId,
          program_id: programIds[i % programIds.length],
          status,
          start_date: start.toISOString().slice(0, 10),
          end_date: end ? end.toISOString().slice(0, 10) : null,
          notes:
            status === 'paused'
              ? 'Paused while travelling; resume next month.'
              : status === 'cancelled'
                ? 'Moved to another city.'
                : 'Weekly check-ins on track.',
        })
        .execute();
      enrollments++;
    }

    const scheduling = await seedScheduling(
      db,
      mail,
      staff.map((person, i) => ({ id: staffIds[i], role: person.role })),
      clientIds,
    );

    const day = await seedDay(
      db,
      staff.map((person, i) => ({ id: staffIds[i], role: person.role })),
      clientIds,
    );

    console.log(
      `\nDemo clinic ready (${database.engine}): ${created} accounts created now, ${staff.length + clients.length} demo accounts in all, ${programIds.length} programs, ${enrollments} enrollments added now.`,
    );
    console.log(
      scheduling
        ? `Scheduling: ${scheduling.resources} resources, ${scheduling.services} services (one per therapy), hours Mon-Sat 08:00-20:00, ${scheduling.packages} packages, ${scheduling.appointments} appointments over four weeks.`
        : 'Scheduling: already set up, left as it is.',
    );
    console.log(
      `A day's work added now: hours for ${day.staffGivenHours} staff members, ${day.plans} package plans (${day.packagesPriced} sold packages priced), ${day.labTests} lab tests and profiles, ${day.pincodes} PIN codes served, ${day.prospects} prospects, ${day.visitsSigned} therapy charts signed, ${day.tickets} support tickets.`,
    );
    console.log(`Every demo account signs in with the password: ${password}\n`);
    console.log('Staff:');
    for (const person of staff) console.log(`  ${person.role.padEnd(13)} ${person.email}  (${person.first_name} ${person.last_name})`);
    console.log('Clients (first five of 60; all end in @' + DEMO_DOMAIN + '):');
    for (const person of clients.slice(0, 5)) console.log(`  CLIENT        ${person.email}  (${person.first_name} ${person.last_name})`);
    const first = await db.selectFrom('users').select(['email', 'username']).where('role', '=', 'SUPER_ADMIN').orderBy('id').executeTakeFirst();
    const status = first ? (await identity.admin.adminGetUser({ Username: first.username }).catch(() => null))?.UserStatus : undefined;
    console.log('');
    for (const line of firstAdministratorLines(
      first ? { email: first.email, waitingForFirstSignIn: status === 'FORCE_CHANGE_PASSWORD' } : null,
      config.adminEmail,
    ))
      console.log(line);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(failureLine(error) ?? error);
  process.exit(1);
});
