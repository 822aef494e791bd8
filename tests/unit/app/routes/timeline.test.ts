// The record's Overview (issue 24): recent events across the record's sections, in words, newest
// first, at most twenty.
import { describe, expect, it } from 'vitest';
import type { ClientAppointment } from '../../../../src/features/appointments/appointments-api.ts';
import type { ConsentRecord, Enrollment, Profile } from '../../../../src/features/clients/clients-api.ts';
import { TIMELINE } from '../../../../src/app/routes/client-record/overview-texts.ts';
import type { Ticket as ClientTicket } from '../../../../src/features/support/support-api.ts';
import { timeline } from '../../../../src/app/routes/client-record/timeline.ts';
import { formatDateTime } from '../../../../src/lib/format.ts';

const profile = { client_id: 7, lifestyle_history: { completed_at: '2026-03-02T06:00:00Z' } } as unknown as Profile;
const consent = [
  { consented_at: '2026-03-01T05:00:00Z', decision: 'given', version: '2' },
  { consented_at: '2026-06-01T05:00:00Z', decision: 'withdrawn', version: '2' },
] as unknown as ConsentRecord[];
const enrollments = [{ program_name: 'Thrive 12', start_date: '2026-03-10', end_date: '2026-05-31', status: 'completed' }] as unknown as Enrollment[];
const appointment = (over: Partial<ClientAppointment>) =>
  ({
    service_name: 'HBOT session',
    status: 'booked',
    created_at: '2026-04-01T04:00:00Z',
    updated_at: '2026-04-01T04:00:00Z',
    start: '2026-04-05T05:00:00Z',
    ...over,
  }) as ClientAppointment;

describe('the record overview timeline', () => {
  it('tells what happened across the record in words, newest first', () => {
    const events = timeline({
      profile,
      consent,
      enrollments,
      appointments: [
        appointment({ status: 'completed' }),
        appointment({ status: 'no_show', created_at: '2026-04-02T04:00:00Z', start: '2026-04-06T05:00:00Z' }),
        appointment({ status: 'cancelled', created_at: '2026-04-03T04:00:00Z', updated_at: '2026-04-04T04:00:00Z', start: '2026-04-08T05:00:00Z' }),
        appointment({ status: 'rescheduled', created_at: '2026-04-03T05:00:00Z' }),
      ],
      visits: {
        visits: [{ therapy: 'hbot', completed_at: '2026-04-05T06:00:00Z', signed_at: '2026-04-05T07:00:00Z' } as never],
        names: { hbot: 'Hyperbaric oxygen' },
      },
      tickets: [{ subject: 'Invoice twice', created_at: '2026-05-01T04:00:00Z' } as ClientTicket],
    });
    expect(events.map((e) => e.text)).toEqual([
      TIMELINE.consentWithdrawn,
      TIMELINE.programEnded('Thrive 12', 'completed'),
      TIMELINE.askedSupport('Invoice twice'),
      TIMELINE.missed('HBOT session'),
      TIMELINE.chartSigned('Hyperbaric oxygen'),
      TIMELINE.sessionCompleted('Hyperbaric oxygen'),
      TIMELINE.attended('HBOT session'),
      TIMELINE.cancelled('HBOT session', formatDateTime('2026-04-08T05:00:00Z')),
      TIMELINE.booked('HBOT session', formatDateTime('2026-04-08T05:00:00Z')),
      TIMELINE.booked('HBOT session', formatDateTime('2026-04-06T05:00:00Z')),
      TIMELINE.booked('HBOT session', formatDateTime('2026-04-05T05:00:00Z')),
      TIMELINE.programStarted('Thrive 12'),
      TIMELINE.answered('Lifestyle history'),
      TIMELINE.consentGiven('2'),
    ]);
    // No codes reach the page.
    expect(events.map((e) => e.text).join(' ')).not.toMatch(/_|\bno_show\b|\bhbot\b/);
    expect(events.find((e) => e.text.startsWith('Started'))?.day).toBe(true);
  });

  it('keeps the newest twenty', () => {
    const many = Array.from({ length: 30 }, (_, i) => appointment({ created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() }));
    const events = timeline({ profile: { client_id: 7 } as unknown as Profile, consent: [], enrollments: [], appointments: many });
    expect(events).toHaveLength(TIMELINE.limit);
    expect(events[0].at).toBe(many[29].created_at);
  });

  it('is empty for a record where nothing has happened', () => {
    expect(timeline({ profile: { client_id: 7 } as unknown as Profile, consent: [], enrollments: [] })).toEqual([]);
  });
});
