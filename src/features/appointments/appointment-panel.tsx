// The side panel of one appointment: the client banner (name, age, alerts), service, staff,
// resources, package balance, status history, and only the actions the appointment chart allows
// now (machines/appointments/appointment-lifecycle.ts); the server refuses anything else. Cancel
// asks for a reason; reschedule for the new start, which the calendar's chart saves as a move (the
// same conflict check, refusal and snap back as a drag, on the calendar and on the day agenda).
// For a therapy service, once the client is checked in, the nurse or doctor delivering it opens the
// visit chart from here (the one already opened for this appointment, or a new one). The client's
// billing balance and "Bill this visit" come from the billing domain through a slot
// (appointment-slots.ts) the route module fills.
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useContext, useState } from 'react';
import { canCancelWith, canRescheduleTo, panelSteps, stepInput } from '../../../machines/appointments/panel-steps.ts';
import { zonedInstant } from '../../../machines/appointments/scheduling-rules.ts';
import { ageInYears } from '../../../machines/staff/age.ts';
import { isTherapy, type Therapy } from '../../../machines/visits/therapy-fields.ts';
import { clientAlerts, isBlocking } from '../../../machines/staff/client-alerts.ts';
import { DateTimeFields } from '../../lib/date-field.tsx';
import { fullName } from '../../lib/staff/format.ts';
import { FormDialog } from '../../lib/staff/form-dialog.tsx';
import type { ActionHandle } from '../../lib/staff/hooks.ts';
import { AppointmentBillingSlot } from './appointment-slots.ts';
import type { AppointmentStatus, SchedulingSetup, StatusChange } from './appointments-api.ts';
import { useAppointmentPanel } from './appointments-hooks.ts';
import { clockOf, dayAndClock, offsetIso } from './clinic-time.ts';
import {
  ACTION_LABELS,
  AGE,
  CANCEL_REASON,
  CANCEL_TITLE,
  CHART_LABEL,
  chartStatusText,
  CLIENT_ALERT_NOTE,
  CLIENT_ALERTS,
  CLIENT_ALLERGIES,
  CLOSE,
  NEW_START,
  NO_PACKAGE,
  OPEN_VISIT_CHART,
  PACKAGE_BALANCE,
  PANEL_LABEL,
  RESCHEDULE_TITLE,
  RESOURCES,
  RETRY,
  SAVE,
  SERVICE,
  sessionsLeft,
  STAFF,
  STATUS_HISTORY,
  STATUS_LABELS,
} from './texts.ts';
import { personName, words } from '../../../machines/rules/words.ts';

/** A visit chart is opened once the client is here (the server's rule), and read after. */
const CHARTABLE = new Set<string>(['checked_in', 'in_progress', 'completed']);

export function AppointmentPanel({
  setup,
  id,
  onClose,
  onChanged,
  onReschedule,
}: {
  setup: SchedulingSetup;
  id: number;
  onClose: () => void;
  onChanged: () => void;
  /** A new start for this appointment: saved (or refused, with the conflicts named) as a move on the calendar. */
  onReschedule: (start: string) => void;
}) {
  const zone = setup.hours.time_zone;
  const Billing = useContext(AppointmentBillingSlot);
  const { record, change, chart, mayChart, role } = useAppointmentPanel(id, onChanged);
  const data = record.data;
  const a = data?.appointment;
  // The steps the appointment chart allows at the time it was read that this person may take
  // (machines/appointments/panel-steps.ts, the server's rules too).
  const deliveredBy = a ? (setup.services.find((s) => s.id === a.service)?.delivered_by ?? []) : [];
  const steps = a ? panelSteps(a, { now: data.readAt, zone, checkInWindowHours: setup.hours.check_in_window_hours, role, deliveredBy }) : [];
  const subject = change.subject;
  // The rule of which steps ask first, and what they propose, is machines/appointments/panel-steps.
  const act = (to: AppointmentStatus, start: string) => {
    const input = stepInput(to, start, zone);
    change.open({ to }, input.kind === 'none' ? {} : input.initial);
    if (input.kind === 'none') change.submit({});
  };
  const staffName = (sid: number, known?: string | null) => personName(setup.staff.find((s) => s.id === sid)?.name ?? known);
  return (
    // Above the staff layout's app bar (which sits above the navigation drawer), or the bar hides
    // the panel's title and Close button.
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      sx={{ zIndex: (t) => t.zIndex.drawer + 2 }}
      slotProps={{ paper: { 'aria-label': PANEL_LABEL, sx: { width: { xs: '100%', sm: 420 } } } as object }}
    >
      <Box role="region" aria-label={PANEL_LABEL} data-testid="appointment-panel" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6" component="h2">
            {PANEL_LABEL}
          </Typography>
          <IconButton aria-label={CLOSE} onClick={onClose}>
            <span aria-hidden>✕</span>
          </IconButton>
        </Stack>
        {record.loading && !data && <CircularProgress aria-label="Loading" />}
        {record.failed && (
          <Alert severity="error" action={<Button onClick={record.retry}>{RETRY}</Button>}>
            {record.error}
          </Alert>
        )}
        {data && a && (
          <Stack spacing={1.5}>
            <Box data-testid="client-banner">
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                {fullName({
                  first_name: data.client.Profile?.first_name ?? data.client.first_name,
                  last_name: data.client.Profile?.last_name ?? data.client.last_name,
                })}
              </Typography>
              <Typography variant="body2">
                {AGE}: {ageInYears(data.client.Profile?.date_of_birth) ?? '—'}
              </Typography>
              <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                {data.client.Profile?.allergies && (
                  <Chip size="small" color="error" label={CLIENT_ALLERGIES(data.client.Profile.allergies)} sx={{ maxWidth: '100%' }} />
                )}
                {data.client.Profile?.alert_notes && (
                  <Chip size="small" color="warning" label={CLIENT_ALERT_NOTE(data.client.Profile.alert_notes)} sx={{ maxWidth: '100%' }} />
                )}
                {clientAlerts(data.client as Parameters<typeof clientAlerts>[0]).map((alert) => (
                  <Chip key={alert} size="small" color={isBlocking(alert) ? 'error' : 'warning'} label={CLIENT_ALERTS[alert]} />
                ))}
              </Stack>
            </Box>
            <Divider />
            <Typography variant="body2">
              <strong>{SERVICE}:</strong> {a.service_name}
            </Typography>
            <Typography variant="body2">
              {dayAndClock(a.start, zone)}–{clockOf(a.end, zone)} · <strong data-testid="panel-status">{STATUS_LABELS[a.status]}</strong>
            </Typography>
            <Typography variant="body2">
              <strong>{STAFF}:</strong> {staffName(a.staff)}
            </Typography>
            <Typography variant="body2">
              <strong>{RESOURCES}:</strong> {a.resources.map((r) => setup.resources.find((x) => x.id === r)?.name ?? `#${r}`).join(', ') || '—'}
            </Typography>
            {a.chart && (
              <Typography variant="body2" data-testid="panel-chart">
                <strong>{CHART_LABEL}:</strong> {chartStatusText(a.chart)}
              </Typography>
            )}
            <Box>
              <Typography variant="subtitle2" component="h3">
                {PACKAGE_BALANCE}
              </Typography>
              {data.packages.length === 0 ? (
                <Typography variant="body2">{NO_PACKAGE}</Typography>
              ) : (
                data.packages.map((p) => (
                  <Typography key={p.id} variant="body2">
                    {sessionsLeft(words(p.therapy), p.sessions_left, p.sessions_total)}
                  </Typography>
                ))
              )}
            </Box>
            {steps.length > 0 && (
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} role="group" aria-label="Actions">
                {steps.map((step) => (
                  <Button
                    key={step.event}
                    variant={step.to === 'cancelled' || step.to === 'no_show' ? 'outlined' : 'contained'}
                    color={step.to === 'cancelled' ? 'error' : 'primary'}
                    disabled={change.pending}
                    onClick={() => act(step.to as AppointmentStatus, a.start)}
                  >
                    {ACTION_LABELS[step.event] ?? step.to}
                  </Button>
                ))}
              </Stack>
            )}
            {mayChart && isTherapy(a.therapy) && CHARTABLE.has(a.status) && (
              <Box>
                <Button
                  variant="outlined"
                  disabled={chart.pending}
                  onClick={() => {
                    chart.open({ id: a.id, client: a.client, therapy: a.therapy as Therapy });
                    chart.submit({});
                  }}
                  data-action="open-visit-chart"
                >
                  {OPEN_VISIT_CHART}
                </Button>
                {chart.error && <Alert severity="error">{chart.error}</Alert>}
              </Box>
            )}
            {Billing && <Billing appointment={{ id: a.id, client: a.client, status: a.status }} />}
            {change.error && !change.isOpen && <Alert severity="error">{change.error}</Alert>}
            {change.error && change.isOpen && subject && subject.to !== 'cancelled' && subject.to !== 'rescheduled' && (
              <Alert severity="error" action={<Button onClick={change.cancel}>{CLOSE}</Button>}>
                {change.error}
              </Alert>
            )}
            <Box>
              <Typography variant="subtitle2" component="h3">
                {STATUS_HISTORY}
              </Typography>
              <List dense disablePadding>
                {[...a.history].reverse().map((h, i) => (
                  <ListItem key={`${h.at}-${i}`} disableGutters>
                    <ListItemText
                      primary={`${STATUS_LABELS[h.to] ?? h.to} · ${dayAndClock(h.at, zone)}`}
                      secondary={[staffName(h.by, h.by_name), h.reason].filter(Boolean).join(' · ')}
                    />
                  </ListItem>
                ))}
              </List>
            </Box>
          </Stack>
        )}
      </Box>
      {subject?.to === 'cancelled' && <CancelDialog change={change} initial={String(change.values.reason ?? '')} />}
      {subject?.to === 'rescheduled' && (
        <RescheduleDialog
          change={change}
          initial={String(change.values.start ?? '')}
          onReschedule={(start) => {
            // The calendar's chart saves it like a drag: the same conflict check and snap back.
            change.cancel();
            const [date, clock] = start.split('T');
            onReschedule(offsetIso(zonedInstant(zone, date, Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))), zone));
          }}
        />
      )}
    </Drawer>
  );
}

type StatusAction = ActionHandle<StatusChange | null>;

/** The reason typed for a cancellation; the chart refuses a cancellation without one. */
function CancelDialog({ change, initial }: { change: StatusAction; initial: string }) {
  const [reason, setReason] = useState(initial);
  return (
    <FormDialog<StatusChange | null>
      action={change}
      id="cancel-appointment"
      title={CANCEL_TITLE}
      submitLabel={ACTION_LABELS['appointment.cancel']}
      pendingLabel="Cancelling…"
      ready={canCancelWith(reason)}
      onSubmit={() => change.submit({ reason: reason.trim() })}
    >
      <TextField label={CANCEL_REASON} required fullWidth multiline minRows={2} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
    </FormDialog>
  );
}

/** The new clinic-time start, proposed as the current one. */
function RescheduleDialog({ change, initial, onReschedule }: { change: StatusAction; initial: string; onReschedule: (start: string) => void }) {
  const [start, setStart] = useState(initial);
  return (
    <FormDialog<StatusChange | null>
      action={change}
      id="reschedule-appointment"
      title={RESCHEDULE_TITLE}
      submitLabel={SAVE}
      pendingLabel="Saving…"
      ready={canRescheduleTo(start)}
      onSubmit={() => onReschedule(start)}
    >
      <DateTimeFields label={NEW_START} fullWidth value={start} onChange={setStart} />
    </FormDialog>
  );
}
