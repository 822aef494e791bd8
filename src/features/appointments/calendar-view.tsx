// The desktop calendar: react-big-calendar (MIT) with its drag-and-drop addon, one column per staff
// member or per resource unit, drawn on the clinic's wall clock (clinic-time.ts), the now-line,
// closed hours shaded, a colour per service and a mark per status. It only renders the calendar
// chart's snapshot and sends its events; a drop or a resize is a `calendar.drop` the chart saves or
// snaps back.
import { Box } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import dayjs from 'dayjs';
import en from 'dayjs/locale/en';
import { type KeyboardEvent, useCallback, useMemo } from 'react';
import { Calendar, dayjsLocalizer, type EventProps, type Formats, type SlotInfo } from 'react-big-calendar';
import dragAndDropModule, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import type { Slot } from '../../../machines/appointments/booking-machine.ts';
import type { CalendarAppointment } from '../../../machines/appointments/calendar-machine.ts';
import { isOpenAt, visibleHours } from '../../../machines/appointments/scheduling-rules.ts';
import { holdsTime, isMovable } from '../../../machines/appointments/selectors.ts';
import { openingByWeekday, type SchedulingSetup } from './appointments-api.ts';
import type { CalendarHandle } from './appointments-hooks.ts';
import { formatClock, formatDate, formatMonthYear, formatWeekdayDate } from '../../lib/format.ts';
import { clockOf, dayToDrawn, drawnDay, fromDrawn, toDrawn } from './clinic-time.ts';
import { serviceColour } from './service-colours.ts';
import { CALENDAR_LABEL, STATUS_LABELS, STATUS_MARKS } from './texts.ts';

// The calendar chart asks for Monday-to-Sunday weeks (ISO weeks, as the clinic's rota is kept), so
// the drawn week must start on Monday too; dayjs's English locale starts it on Sunday, and the
// Sunday drawn would be the one before the fetched week. Only the calendar uses dayjs.
dayjs.locale({ ...en, name: 'en-clinic-week', weekStart: 1 }, undefined, true);
dayjs.locale('en-clinic-week');
const localizer = dayjsLocalizer(dayjs);

// Drawn Dates hold the clinic's wall clock in the browser's zone, so they are read back as a clinic
// day and minutes and written by the formatting module: 9:00 am and Mon, 23/11/2026, like every page.
const clockOfDrawn = (d: Date) => formatClock(d.getHours() * 60 + d.getMinutes());
const clockRange = ({ start, end }: { start: Date; end: Date }) => `${clockOfDrawn(start)} – ${clockOfDrawn(end)}`;
const CALENDAR_FORMATS: Formats = {
  timeGutterFormat: clockOfDrawn,
  eventTimeRangeFormat: clockRange,
  eventTimeRangeStartFormat: ({ start }) => `${clockOfDrawn(start)} –`,
  eventTimeRangeEndFormat: ({ end }) => `– ${clockOfDrawn(end)}`,
  selectRangeFormat: clockRange,
  agendaTimeFormat: clockOfDrawn,
  agendaTimeRangeFormat: clockRange,
  dayFormat: (d) => formatWeekdayDate(drawnDay(d)),
  weekdayFormat: (d) => formatWeekdayDate(drawnDay(d)).split(',')[0],
  dateFormat: (d) => formatDate(drawnDay(d)).slice(0, 2),
  dayHeaderFormat: (d) => formatWeekdayDate(drawnDay(d), 'long'),
  dayRangeHeaderFormat: ({ start, end }) => `${formatDate(drawnDay(start))} – ${formatDate(drawnDay(end))}`,
  agendaHeaderFormat: ({ start, end }) => `${formatDate(drawnDay(start))} – ${formatDate(drawnDay(end))}`,
  agendaDateFormat: (d) => formatWeekdayDate(drawnDay(d)),
  monthHeaderFormat: (d) => formatMonthYear(drawnDay(d)),
};

interface DrawnEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  resourceId: number | number[];
  appointment: CalendarAppointment;
  pending: boolean;
}

interface Column {
  id: number;
  title: string;
}

// The addon is CommonJS: the bundle may hand over its module object rather than the function.
const withDragAndDrop = ((dragAndDropModule as unknown as { default?: typeof dragAndDropModule }).default ?? dragAndDropModule) as typeof dragAndDropModule;
const DnDCalendar = withDragAndDrop<DrawnEvent, Column>(Calendar);

function AppointmentEvent({ event }: EventProps<DrawnEvent>) {
  const status = event.appointment.status;
  return (
    <span aria-label={`${event.title}, ${STATUS_LABELS[status] ?? status}`} data-status={status} data-appointment={event.id}>
      <span aria-hidden>{STATUS_MARKS[status] ?? ''} </span>
      {event.title}
    </span>
  );
}

export function CalendarView({
  setup,
  calendar,
  appointments,
  onSlot,
}: {
  setup: SchedulingSetup;
  calendar: CalendarHandle;
  appointments: CalendarAppointment[];
  onSlot: (slot: Slot) => void;
}) {
  const theme = useTheme();
  const zone = setup.hours.time_zone;
  const { columns, filters, pending, view } = calendar;
  const serviceName = useMemo(() => new Map(setup.services.map((s) => [s.id, s.name])), [setup.services]);
  const opening = useMemo(() => openingByWeekday(setup.hours), [setup.hours]);
  const holidays = useMemo(() => new Set(setup.hours.holidays.map((h) => h.day)), [setup.hours.holidays]);

  const resources: Column[] = useMemo(() => {
    if (columns === 'staff') return setup.staff.filter((s) => filters.staff === null || s.id === filters.staff).map((s) => ({ id: s.id, title: s.name }));
    return setup.resources.filter((r) => filters.resourceKind === null || r.kind === filters.resourceKind).map((r) => ({ id: r.id, title: r.name }));
  }, [columns, filters.staff, filters.resourceKind, setup.staff, setup.resources]);

  const events: DrawnEvent[] = useMemo(
    () =>
      appointments.map((a) => ({
        id: a.id,
        title: `${calendar.clientName(a.client) ?? `Client ${a.client}`} · ${serviceName.get(a.service) ?? ''}`,
        start: toDrawn(a.start, zone),
        end: toDrawn(a.end, zone),
        resourceId: columns === 'staff' ? a.staff : a.resources,
        appointment: a,
        pending: pending?.id === a.id,
      })),
    // clientName reads names fetched with these appointments.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [appointments, columns, pending, serviceName, zone],
  );

  // The hours drawn (machines/appointments/scheduling-rules.ts), as the drawn wall clock's Dates.
  const [min, max] = useMemo(() => {
    const { opens, closes } = visibleHours(opening);
    const base = new Date(2000, 0, 1);
    return [
      new Date(2000, 0, 1, Math.floor(opens / 60), opens % 60),
      closes >= 1440 ? new Date(base.getTime() + 86_399_000) : new Date(2000, 0, 1, Math.floor(closes / 60), closes % 60),
    ];
  }, [opening]);

  const isOpen = useCallback((date: Date) => isOpenAt(opening, holidays, drawnDay(date), date.getHours() * 60 + date.getMinutes()), [opening, holidays]);

  const slotPropGetter = useCallback(
    (date: Date) => (isOpen(date) ? {} : { className: 'clinic-closed', style: { backgroundColor: theme.palette.action.disabledBackground } }),
    [isOpen, theme],
  );

  const eventPropGetter = useCallback(
    (event: DrawnEvent) => {
      const colour = serviceColour(event.appointment.service);
      const released = !holdsTime(event.appointment.status);
      return {
        style: {
          backgroundColor: released ? alpha(colour, 0.35) : colour,
          color: theme.palette.getContrastText(colour),
          border: event.pending ? `2px dashed ${theme.palette.text.primary}` : `1px solid ${alpha('#000', 0.2)}`,
          textDecoration: event.appointment.status === 'cancelled' ? 'line-through' : undefined,
        },
      };
    },
    [theme],
  );

  const resourceOf = (resourceId: unknown) => (typeof resourceId === 'number' ? resourceId : null);

  return (
    <Box
      role="region"
      aria-label={CALENDAR_LABEL}
      data-testid="appointments-calendar"
      sx={{
        height: 'calc(100vh - 220px)',
        minHeight: 520,
        fontFamily: theme.typography.fontFamily,
        '& .rbc-time-view, & .rbc-header, & .rbc-time-header-content, & .rbc-timeslot-group, & .rbc-day-slot .rbc-time-slot, & .rbc-time-content, & .rbc-time-content > * + * > *':
          { borderColor: theme.palette.divider },
        '& .rbc-header': { ...theme.typography.subtitle2, py: 0.5 },
        '& .rbc-today': { backgroundColor: alpha(theme.palette.primary.main, 0.06) },
        '& .rbc-current-time-indicator': { backgroundColor: theme.palette.error.main, height: 2 },
        '& .rbc-event': { borderRadius: `${theme.shape.borderRadius}px`, ...theme.typography.caption },
        // A short appointment's label wraps rather than running off the box; its tooltip and the
        // agenda carry the whole of it (issue 32).
        '& .rbc-event-content, & .rbc-event-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.2 },
        '& .rbc-event:focus-visible': { outline: `3px solid ${theme.palette.primary.dark}`, outlineOffset: 1 },
        '& .rbc-label': { ...theme.typography.caption },
      }}
    >
      <DnDCalendar
        localizer={localizer}
        formats={CALENDAR_FORMATS}
        events={events}
        resources={resources.length ? resources : undefined}
        resourceIdAccessor={(r) => r.id}
        resourceTitleAccessor={(r) => r.title}
        date={dayToDrawn(calendar.date)}
        view={view}
        views={['day', 'week']}
        onView={(v) => calendar.setView(v === 'day' ? 'day' : 'week')}
        onNavigate={(d) => calendar.setDate(drawnDay(d))}
        toolbar={false}
        step={setup.hours.slot_minutes}
        timeslots={Math.max(1, Math.round(60 / setup.hours.slot_minutes))}
        min={min}
        max={max}
        getNow={() => toDrawn(Date.now(), zone)}
        selectable
        resizable
        draggableAccessor={(e) => isMovable(e.appointment.status) && calendar.canMove}
        resizableAccessor={(e) => isMovable(e.appointment.status) && calendar.canMove}
        onSelectSlot={(slot: SlotInfo) =>
          onSlot({
            start: fromDrawn(slot.start, zone),
            end: fromDrawn(slot.end, zone),
            staff: columns === 'staff' ? resourceOf(slot.resourceId) : null,
            resource: columns === 'resource' ? resourceOf(slot.resourceId) : null,
          })
        }
        onSelectEvent={(e) => calendar.select(e.id)}
        onKeyPressEvent={(e, ev) => {
          const key = (ev as KeyboardEvent<HTMLElement>).key;
          if (key === 'Enter' || key === ' ') calendar.select(e.id);
        }}
        onDragStart={({ event }) => calendar.dragStart(event.id)}
        onEventDrop={({ event, start, end, resourceId }: EventInteractionArgs<DrawnEvent>) =>
          calendar.drop({
            id: event.id,
            start: fromDrawn(new Date(start), zone),
            end: fromDrawn(new Date(end), zone),
            staff: columns === 'staff' ? (resourceOf(resourceId) ?? event.appointment.staff) : null,
          })
        }
        // A resize is a move to the same start with a new end: the same save, or the same snap back.
        onEventResize={({ event, start, end }: EventInteractionArgs<DrawnEvent>) =>
          calendar.drop({
            id: event.id,
            start: fromDrawn(new Date(start), zone),
            end: fromDrawn(new Date(end), zone),
            staff: columns === 'staff' ? event.appointment.staff : null,
          })
        }
        slotPropGetter={slotPropGetter}
        eventPropGetter={eventPropGetter}
        components={{ event: AppointmentEvent }}
        tooltipAccessor={(e: DrawnEvent) =>
          `${clockOf(e.appointment.start, zone)}–${clockOf(e.appointment.end, zone)} · ${e.title} · ${STATUS_LABELS[e.appointment.status] ?? e.appointment.status}`
        }
        dayLayoutAlgorithm="no-overlap"
      />
    </Box>
  );
}
