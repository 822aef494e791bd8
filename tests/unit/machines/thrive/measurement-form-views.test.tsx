// @vitest-environment happy-dom
// The reading form's model paths replayed on staff "Add measurement" (issue 33): the real dialog,
// its form chart and a real action chart behind it, opened as the dashboard opens it. Staff choose
// the metric and the unit in their menus, type the value (and the diastolic when the metric is
// blood pressure) and press Add; the request never answers, so the dialog stays open, pending,
// and the form keeps its values. Sent to the actor as is: a diastolic or unit the metric has no
// field or option for, the time of the reading (typed in two fields, each sending its half), and
// `form.reset`, which the dialog sends once it has closed. After every step the dialog shows the
// chart's values in its fields, the rules' reason under the refused field, Add only when the
// reading is ready, and what Add sent is the reading as the chart judged it.
import { fireEvent, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { expect } from 'vitest';
import { bodyOf } from '../../../../machines/thrive/measurement-form-machine.ts';
import { METRIC_SPECS } from '../../../../machines/thrive/metrics.ts';
import { measurementFormSelectors as sel } from '../../../../machines/thrive/selectors.ts';
import { MeasurementDialog } from '../../../../src/features/thrive/measurement-dialog.tsx';
import { THRIVE_TEXT as T } from '../../../../src/features/thrive/texts.ts';
import { useAction } from '../../../../src/lib/staff/hooks.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './measurement-form.model.ts';

const METRICS = ['weight', 'blood_pressure'] as const;
let sent: Array<Record<string, unknown>> = [];
let judged = 0;

/** The dashboard's "Add measurement", opened; the request is held (never answers). */
function Opened() {
  const action = useAction<null>(
    (_, values) => {
      sent.push(values);
      return new Promise(() => {});
    },
    () => {},
  );
  useEffect(() => action.open(null), []); // eslint-disable-line react-hooks/exhaustive-deps
  return <MeasurementDialog action={action} metrics={METRICS} />;
}

const dialog = () => screen.getByRole('dialog', { name: T.addMeasurement });
const field = (label: string) => within(dialog()).queryByRole('spinbutton', { name: label }) as HTMLInputElement | null;
const submit = () => within(dialog()).getByRole('button', { name: sent.length ? T.adding : T.add });

async function choose(label: string, option: string): Promise<boolean> {
  const select = within(dialog()).getByRole('combobox', { name: label });
  await step(() => fireEvent.mouseDown(select));
  const found = within(screen.getAllByRole('listbox').at(-1)!).queryByRole('option', { name: option });
  if (found) await step(() => fireEvent.click(found));
  return !!found;
}

describeReplayOnView('the Add measurement form', {
  model,
  mount: (_, wrap) => {
    sent = [];
    judged = 0;
    return renderPage(wrap(<Opened />), { path: '/thrive/21', role: 'HEALTH_COACH', answer: () => undefined });
  },
  drive: async (event, _, actor) => {
    const s = actor.getSnapshot();
    const pressure = sel.isPressure(s);
    switch (event.type) {
      case 'form.metric':
        return choose(T.metric, METRIC_SPECS[event.metric as (typeof METRICS)[number]].label);
      case 'form.value': {
        const input = field(pressure ? T.systolic : T.value)!;
        await step(() => fireEvent.change(input, { target: { value: event.value } }));
        return true;
      }
      case 'form.value2': {
        const input = pressure && field(T.diastolic);
        if (!input) return false;
        await step(() => fireEvent.change(input, { target: { value: event.value } }));
        return true;
      }
      case 'form.unit':
        return sel.units(s).includes(event.unit) && choose(T.unit, event.unit);
      case 'form.submit': {
        const add = submit();
        if (add.hasAttribute('disabled')) return false;
        await step(() => fireEvent.click(add));
        return true;
      }
    }
    return false;
  },
  expectScreen: (snapshot) => {
    const v = sel.values(snapshot);
    const pressure = sel.isPressure(snapshot);
    expect(within(dialog()).getByRole('combobox', { name: T.metric }).textContent).toBe(METRIC_SPECS[v.metric].label);
    expect(within(dialog()).getByRole('combobox', { name: T.unit }).textContent).toBe(v.unit);
    expect(field(pressure ? T.systolic : T.value)?.value, 'the value').toBe(v.value);
    expect(field(pressure ? T.value : T.systolic), 'the other label').toBeNull();
    expect(field(T.diastolic)?.value ?? null, 'the diastolic').toBe(pressure ? v.value2 : null);
    const errors = sel.errors(snapshot);
    for (const [name, label] of [
      ['value', pressure ? T.systolic : T.value],
      ['value2', T.diastolic],
    ] as const) {
      const helper = field(label)?.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent ?? null;
      if (field(label)) expect(helper, `the reason under ${name}`).toBe(errors[name] ?? null);
    }
    expect(submit().hasAttribute('disabled'), 'add').toBe(!sel.isReady(snapshot) || sent.length > 0);
    // What Add sent (once, then the request is held): the reading as the chart judged it.
    if (sent.length > judged) {
      expect(sent.at(-1)).toEqual(bodyOf(v));
      judged = sent.length;
    }
  },
});
