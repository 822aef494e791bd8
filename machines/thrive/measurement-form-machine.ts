// "Add measurement" as a chart: what is typed (metric, value, diastolic for blood pressure, unit,
// when), and whether it may be sent. A reading is `incomplete` until its numbers are typed,
// `invalid` while the server's own rules (metrics.ts readMeasurement) refuse it (the message
// under its field), `ready` otherwise; only a ready reading is submitted, as the body the API
// takes. Changing the metric resets its unit and the diastolic. The dialog itself (open,
// sending, the server's refusal) is the staff action chart; this one only decides the form.
import { assign, setup } from 'xstate';
import { METRIC_SPECS, type Metric, readMeasurement } from './metrics.ts';

export interface MeasurementFormContext {
  metrics: readonly Metric[];
  metric: Metric;
  value: string;
  value2: string;
  unit: string;
  /** A local date-time, `YYYY-MM-DDTHH:mm` as the dialog's date and time fields give it, or '' for now. */
  takenAt: string;
}

export type MeasurementFormEvent =
  | { type: 'form.metric'; metric: Metric }
  | { type: 'form.value'; value: string }
  | { type: 'form.value2'; value: string }
  | { type: 'form.unit'; unit: string }
  | { type: 'form.takenAt'; value: string }
  | { type: 'form.submit' }
  | { type: 'form.reset' };

export interface MeasurementBody {
  metric: Metric;
  value: number;
  value2: number | null;
  unit: string;
  taken_at?: string;
}

const isPressure = (c: MeasurementFormContext) => c.metric === 'blood_pressure';

/** The typed reading as numbers, or null while a number is still missing. */
export function typedReading(c: MeasurementFormContext): MeasurementBody | null {
  if (c.value.trim() === '' || (isPressure(c) && c.value2.trim() === '')) return null;
  return { metric: c.metric, value: Number(c.value), value2: isPressure(c) ? Number(c.value2) : null, unit: c.unit };
}

/** The rules' refusal per field (value, value2, unit), empty when the reading is acceptable or incomplete. */
export function formErrors(c: MeasurementFormContext): Record<string, string> {
  const typed = typedReading(c);
  if (!typed) return {};
  const read = readMeasurement(typed);
  return 'errors' in read ? read.errors : {};
}

/** What the API is sent: the reading as typed (the server converts it), with its time when given. */
export function bodyOf(c: MeasurementFormContext): MeasurementBody {
  const typed = typedReading(c)!;
  return c.takenAt ? { ...typed, taken_at: new Date(c.takenAt).toISOString() } : typed;
}

const initial = (metrics: readonly Metric[]): MeasurementFormContext => ({
  metrics,
  metric: metrics[0],
  value: '',
  value2: '',
  unit: METRIC_SPECS[metrics[0]].unit,
  takenAt: '',
});

export const measurementFormMachine = setup({
  types: {
    context: {} as MeasurementFormContext,
    events: {} as MeasurementFormEvent,
    input: {} as { metrics: readonly Metric[] },
  },
  guards: {
    incomplete: ({ context }) => typedReading(context) === null,
    refused: ({ context }) => Object.keys(formErrors(context)).length > 0,
  },
  actions: {
    // Provided by the view: hands the body to the dialog's action chart.
    submit: (_, _params: { body: MeasurementBody }) => {},
    // Another metric brings its own unit; a second value (the diastolic) belongs to blood pressure only.
    setMetric: assign((_, params: { metric: MeasurementFormContext['metric'] }) => ({
      metric: params.metric,
      unit: METRIC_SPECS[params.metric].unit,
      value2: '',
    })),
    setValue: assign((_, params: { value: string }) => ({ value: params.value })),
    setValue2: assign((_, params: { value: string }) => ({ value2: params.value })),
    setUnit: assign((_, params: { unit: MeasurementFormContext['unit'] }) => ({ unit: params.unit })),
    setTakenAt: assign((_, params: { value: MeasurementFormContext['takenAt'] }) => ({ takenAt: params.value })),
    reset: assign(({ context }) => initial(context.metrics)),
  },
}).createMachine({
  id: 'measurementForm',
  context: ({ input }) => initial(input.metrics),
  initial: 'judging',
  on: {
    'form.metric': { target: '.judging', actions: { type: 'setMetric', params: ({ event }) => ({ metric: event.metric }) } },
    'form.value': { target: '.judging', actions: { type: 'setValue', params: ({ event }) => ({ value: event.value }) } },
    'form.value2': { target: '.judging', actions: { type: 'setValue2', params: ({ event }) => ({ value: event.value }) } },
    'form.unit': { target: '.judging', actions: { type: 'setUnit', params: ({ event }) => ({ unit: event.unit }) } },
    'form.takenAt': { target: '.judging', actions: { type: 'setTakenAt', params: ({ event }) => ({ value: event.value }) } },
    'form.reset': { target: '.judging', actions: 'reset' },
  },
  states: {
    judging: {
      always: [{ guard: 'incomplete', target: 'incomplete' }, { guard: 'refused', target: 'invalid' }, { target: 'ready' }],
    },
    incomplete: {},
    invalid: {},
    ready: {
      on: { 'form.submit': { actions: { type: 'submit', params: ({ context }) => ({ body: bodyOf(context) }) } } },
    },
  },
});
