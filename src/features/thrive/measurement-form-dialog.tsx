// The one reading form behind staff "Add measurement" (thrive dashboard) and a client's "Add
// reading" (portal trends): it renders the form chart (machines/thrive/measurement-form-
// machine.ts), which judges the reading by the server's own plausibility rules, so a typo is named
// under its field before the request is sent; the server's refusal (the action chart's field
// errors) shows the same words. Callers choose the metrics offered, their words, and whether the
// time of the reading is asked (a client's own reading is taken now).
import { MenuItem, Stack, TextField } from '@mui/material';
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { useRef } from 'react';
import { type MeasurementBody, measurementFormMachine } from '../../../machines/thrive/measurement-form-machine.ts';
import { METRIC_SPECS, type Metric } from '../../../machines/thrive/metrics.ts';
import { measurementFormSelectors as sel } from '../../../machines/thrive/selectors.ts';
import { DateTimeFields } from '../../lib/date-field.tsx';
import { FormDialog } from '../../lib/staff/form-dialog.tsx';
import type { ActionHandle } from '../../lib/staff/hooks.ts';

export interface MeasurementFormWords {
  title: string;
  submit: string;
  pending: string;
  metric: string;
  value: string;
  systolic: string;
  diastolic: string;
  unit: string;
  /** Asked only when given. */
  takenAt?: string;
}

export function MeasurementFormDialog({
  action,
  id,
  metrics,
  words,
}: {
  action: ActionHandle<null>;
  id: string;
  metrics: readonly Metric[];
  words: MeasurementFormWords;
}) {
  const latest = useRef(action);
  latest.current = action;
  const form = usePageActor(
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
      id={id}
      title={words.title}
      submitLabel={words.submit}
      pendingLabel={words.pending}
      ready={ready}
      maxWidth="xs"
      onExited={() => form.send({ type: 'form.reset' })}
      onSubmit={() => form.send({ type: 'form.submit' })}
    >
      <TextField select label={words.metric} value={v.metric} onChange={(e) => form.send({ type: 'form.metric', metric: e.target.value as Metric })}>
        {metrics.map((m) => (
          <MenuItem key={m} value={m}>
            {METRIC_SPECS[m].label}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={2}>
        <TextField
          label={pressure ? words.systolic : words.value}
          type="number"
          value={v.value}
          onChange={(e) => form.send({ type: 'form.value', value: e.target.value })}
          error={!!errorOf('value')}
          helperText={errorOf('value')}
          required
          fullWidth
        />
        {pressure && (
          <TextField
            label={words.diastolic}
            type="number"
            value={v.value2}
            onChange={(e) => form.send({ type: 'form.value2', value: e.target.value })}
            error={!!errorOf('value2')}
            helperText={errorOf('value2')}
            required
            fullWidth
          />
        )}
        <TextField
          select
          label={words.unit}
          value={v.unit}
          onChange={(e) => form.send({ type: 'form.unit', unit: e.target.value })}
          error={!!errorOf('unit')}
          sx={{ minWidth: 110 }}
        >
          {units.map((u) => (
            <MenuItem key={u} value={u}>
              {u}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {words.takenAt && (
        <DateTimeFields
          label={words.takenAt}
          value={v.takenAt}
          onChange={(value) => form.send({ type: 'form.takenAt', value })}
          error={!!errorOf('taken_at')}
          helperText={errorOf('taken_at')}
        />
      )}
    </FormDialog>
  );
}
