// "Add measurement": metric, value (and diastolic for blood pressure), unit and when. The
// plausibility rules are the server's own (machines/thrive-dashboard/metrics.ts), so a typo is
// named under its field before the request is sent; the server's refusal shows the same words.
import { MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { METRICS, METRIC_SPECS, type Metric, readMeasurement, unitsOf } from '../../../machines/thrive-dashboard/metrics';
import type { ActionHandle } from '../../lib/staff/hooks';
import { FormDialog } from '../../lib/staff/form-dialog';
import { THRIVE_TEXT as T } from './texts';

const EMPTY = { metric: 'weight' as Metric, value: '', value2: '', unit: 'kg', taken_at: '' };

export function MeasurementDialog({ action, metrics = METRICS }: { action: ActionHandle<null>; metrics?: readonly Metric[] }) {
  const [v, setV] = useState({ ...EMPTY, metric: metrics[0], unit: METRIC_SPECS[metrics[0]].unit });
  const pressure = v.metric === 'blood_pressure';
  const typed = { metric: v.metric, value: Number(v.value), value2: pressure ? Number(v.value2) : null, unit: v.unit };
  const local = v.value === '' || (pressure && v.value2 === '') ? null : readMeasurement(typed);
  const localErrors = local && 'errors' in local ? local.errors : {};
  const errorOf = (field: string) => localErrors[field] ?? action.fieldErrors[field]?.[0];
  const ready = local !== null && !('errors' in local);
  return (
    <FormDialog
      action={action}
      id="add-measurement"
      title={T.addMeasurement}
      submitLabel={T.add}
      pendingLabel={T.adding}
      ready={ready}
      maxWidth="xs"
      onExited={() => setV({ ...EMPTY, metric: metrics[0], unit: METRIC_SPECS[metrics[0]].unit })}
      onSubmit={() => action.submit({ ...typed, ...(v.taken_at ? { taken_at: new Date(v.taken_at).toISOString() } : {}) })}
    >
      <TextField select label={T.metric} value={v.metric} onChange={(e) => setV({ ...v, metric: e.target.value as Metric, unit: METRIC_SPECS[e.target.value as Metric].unit, value2: '' })}>
        {metrics.map((m) => (
          <MenuItem key={m} value={m}>
            {METRIC_SPECS[m].label}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={2}>
        <TextField label={pressure ? 'Systolic' : T.value} type="number" value={v.value} onChange={(e) => setV({ ...v, value: e.target.value })} error={!!errorOf('value')} helperText={errorOf('value')} required fullWidth />
        {pressure && (
          <TextField label={T.diastolic} type="number" value={v.value2} onChange={(e) => setV({ ...v, value2: e.target.value })} error={!!errorOf('value2')} helperText={errorOf('value2')} required fullWidth />
        )}
        <TextField select label={T.unit} value={v.unit} onChange={(e) => setV({ ...v, unit: e.target.value })} error={!!errorOf('unit')} sx={{ minWidth: 110 }}>
          {unitsOf(v.metric).map((u) => (
            <MenuItem key={u} value={u}>
              {u}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TextField label={T.takenAt} type="datetime-local" value={v.taken_at} onChange={(e) => setV({ ...v, taken_at: e.target.value })} error={!!errorOf('taken_at')} helperText={errorOf('taken_at')} slotProps={{ inputLabel: { shrink: true } }} />
    </FormDialog>
  );
}
