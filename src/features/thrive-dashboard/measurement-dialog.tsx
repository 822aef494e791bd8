// "Add measurement": renders the form chart (machines/thrive-dashboard/measurement-form-machine.ts):
// metric, value (and diastolic for blood pressure), unit and when. The chart judges the reading
// by the server's own plausibility rules, so a typo is named under its field before the request
// is sent; the server's refusal (the action chart's field errors) shows the same words.
import { MenuItem, Stack, TextField } from '@mui/material';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { type MeasurementBody, measurementFormMachine } from '../../../machines/thrive-dashboard/measurement-form-machine';
import { METRICS, METRIC_SPECS, type Metric } from '../../../machines/thrive-dashboard/metrics';
import { measurementFormSelectors as sel } from '../../../machines/thrive-dashboard/selectors';
import type { ActionHandle } from '../../lib/staff/hooks';
import { FormDialog } from '../../lib/staff/form-dialog';
import { THRIVE_TEXT as T } from './texts';

export function MeasurementDialog({ action, metrics = METRICS }: { action: ActionHandle<null>; metrics?: readonly Metric[] }) {
  const latest = useRef(action);
  latest.current = action;
  const form = useActorRef(
    measurementFormMachine.provide({ actions: { submit: (_, params: { body: MeasurementBody }) => latest.current.submit({ ...params.body }) } }),
    { input: { metrics } },
  );
  const v = useSelector(form, sel.values);
  const pressure = useSelector(form, sel.isPressure);
  const units = useSelector(form, sel.units);
  const localErrors = useSelector(form, sel.errors);
  const ready = useSelector(form, sel.isReady);
  const errorOf = (field: string) => localErrors[field] ?? action.fieldErrors[field]?.[0];
  return (
    <FormDialog
      action={action}
      id="add-measurement"
      title={T.addMeasurement}
      submitLabel={T.add}
      pendingLabel={T.adding}
      ready={ready}
      maxWidth="xs"
      onExited={() => form.send({ type: 'form.reset' })}
      onSubmit={() => form.send({ type: 'form.submit' })}
    >
      <TextField select label={T.metric} value={v.metric} onChange={(e) => form.send({ type: 'form.metric', metric: e.target.value as Metric })}>
        {metrics.map((m) => (
          <MenuItem key={m} value={m}>
            {METRIC_SPECS[m].label}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={2}>
        <TextField label={pressure ? 'Systolic' : T.value} type="number" value={v.value} onChange={(e) => form.send({ type: 'form.value', value: e.target.value })} error={!!errorOf('value')} helperText={errorOf('value')} required fullWidth />
        {pressure && (
          <TextField label={T.diastolic} type="number" value={v.value2} onChange={(e) => form.send({ type: 'form.value2', value: e.target.value })} error={!!errorOf('value2')} helperText={errorOf('value2')} required fullWidth />
        )}
        <TextField select label={T.unit} value={v.unit} onChange={(e) => form.send({ type: 'form.unit', unit: e.target.value })} error={!!errorOf('unit')} sx={{ minWidth: 110 }}>
          {units.map((u) => (
            <MenuItem key={u} value={u}>
              {u}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TextField label={T.takenAt} type="datetime-local" value={v.takenAt} onChange={(e) => form.send({ type: 'form.takenAt', value: e.target.value })} error={!!errorOf('taken_at')} helperText={errorOf('taken_at')} slotProps={{ inputLabel: { shrink: true } }} />
    </FormDialog>
  );
}
