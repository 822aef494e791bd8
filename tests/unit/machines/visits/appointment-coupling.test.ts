// The visit chart and the appointment chart agree (issue 32): for every visit step the server takes,
// the appointment chart has the walk machines/visits/appointment-coupling.ts names, from every
// status an appointment with an open chart can be in, and none from the statuses that end it.
import { describe, expect, it } from 'vitest';
import { appointmentLifecycle, type AppointmentStatus } from '../../../../machines/appointments/appointment-lifecycle.ts';
import { statusesOf } from '../../../../machines/lifecycle/lifecycle.ts';
import { APPOINTMENT_FOLLOWS, appointmentWalk } from '../../../../machines/visits/appointment-coupling.ts';
import { VISIT_STATUSES, visitLifecycle } from '../../../../machines/visits/visit-lifecycle.ts';

const facts = { startsAt: '2026-03-02T04:30:00Z', now: '2026-03-02T05:00:00Z' };

describe('the appointment follows its chart', () => {
  it('walks a checked-in or started appointment to where each visit step puts it', () => {
    expect(appointmentWalk('checked_in', 'in_progress', facts)).toEqual([{ event: 'appointment.start', to: 'in_progress' }]);
    expect(appointmentWalk('in_progress', 'in_progress', facts)).toEqual([]);
    expect(appointmentWalk('checked_in', 'completed', facts)).toEqual([
      { event: 'appointment.start', to: 'in_progress' },
      { event: 'appointment.complete', to: 'completed' },
    ]);
    expect(appointmentWalk('in_progress', 'completed', facts)).toEqual([{ event: 'appointment.complete', to: 'completed' }]);
    expect(appointmentWalk('checked_in', 'aborted', facts)).toEqual([{ event: 'appointment.abort', to: 'cancelled' }]);
    expect(appointmentWalk('in_progress', 'aborted', facts)).toEqual([{ event: 'appointment.abort', to: 'cancelled' }]);
    expect(appointmentWalk('completed', 'signed', facts)).toEqual([]);
  });

  it('has a walk for every visit step from every status an appointment with a chart is in, and none from an ended one', () => {
    const open: AppointmentStatus[] = ['checked_in', 'in_progress'];
    for (const [to, target] of Object.entries(APPOINTMENT_FOLLOWS)) {
      expect(VISIT_STATUSES).toContain(to);
      expect(statusesOf(appointmentLifecycle)).toContain(target);
      for (const from of open) expect(appointmentWalk(from, to as never, facts), `${from} with the visit ${to}`).not.toBeNull();
      for (const ended of ['cancelled', 'no_show', 'rescheduled'] as AppointmentStatus[]) {
        if (ended !== target) expect(appointmentWalk(ended, to as never, facts)).toBeNull();
      }
    }
  });

  it('names only statuses the visit chart has, each reachable in it', () => {
    for (const to of Object.keys(APPOINTMENT_FOLLOWS)) expect(Object.keys(visitLifecycle.states)).toContain(to);
  });
});
