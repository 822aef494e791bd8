// Appointment reminders (by default 24 h and 2 h before, a clinic setting), queued when an
// appointment is booked and checked again when due: a cancelled or moved appointment's reminder
// is skipped, not sent. A booking made after a reminder's time gets at most one reminder at once
// (the one closest to the start), then the later ones on time.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { readClinicName } from '../mail/clinic-name.ts';
import { clinicWhen } from '../mail/clinic-when.ts';
import type { MailTransport } from '../mail/transport.ts';
import { MESSAGES } from '../api/appointments/texts.ts';
import { enqueue, type JobHandler } from './queue.ts';

export const REMINDER_JOB = 'appointment.reminder';

const HOUR = 3_600_000;

export async function enqueueReminders(db: Db, appointment: { id: number; start: string }, reminderHours: number[], now = Date.now()): Promise<void> {
  const start = Date.parse(appointment.start);
  if (start <= now) return;
  const offsets = [...new Set(reminderHours)].sort((a, b) => b - a);
  const passed = offsets.filter((h) => start - h * HOUR <= now);
  const late = passed.length ? passed[passed.length - 1] : null;
  for (const hours of offsets) {
    const runAt = start - hours * HOUR;
    if (runAt <= now && hours !== late) continue;
    await enqueue(db, {
      kind: REMINDER_JOB,
      dedupeKey: `reminder:${appointment.id}:${hours}`,
      runAt: new Date(Math.max(runAt, now)),
      payload: { appointment: appointment.id, start: appointment.start, hours },
    });
  }
}

export function reminderHandler(mail: MailTransport): JobHandler {
  return async (trx, job) => {
    const { rows } = await sql<{ status: string; starts_at: string; service: string; email: string; phone: string | null; channel: 'email' | 'sms' }>`
      select a.status, a.starts_at, s.name as service, u.email, u.phone_number as phone, st.reminder_channel as channel
      from appointments a join services s on s.id = a.service_id join users u on u.id = a.client_id
      cross join scheduling_settings st
      where a.id = ${Number(job.payload.appointment)}`.execute(trx);
    const row = rows[0];
    if (!row) return 'skipped';
    const still = ['booked', 'confirmed'].includes(row.status) && new Date(row.starts_at).getTime() === Date.parse(String(job.payload.start));
    if (!still || new Date(row.starts_at).getTime() <= Date.now()) return 'skipped';
    const sms = row.channel === 'sms' && row.phone;
    await mail.send(
      {
        channel: sms ? 'sms' : 'email',
        to: sms ? row.phone! : row.email,
        subject: MESSAGES.reminderSubject,
        body: MESSAGES.reminder(await readClinicName(trx), row.service, await clinicWhen(trx, row.starts_at)),
      },
      trx,
    );
    return 'done';
  };
}
