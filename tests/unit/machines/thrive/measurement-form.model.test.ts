// Every path of the Add measurement form, replayed on the production chart: only a complete and
// plausible reading is ready and submitted, as the body the API takes; an implausible one names
// its field with the server's own words; a new metric resets its unit and the diastolic.
import { expect } from 'vitest';
import { MEASUREMENT_TEXTS, readMeasurement } from '../../../../machines/thrive/metrics.ts';
import { measurementFormSelectors as sel } from '../../../../machines/thrive/selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model, submit } from './measurement-form.model.ts';

describeModel('thrive measurement form', model, (snapshot, event) => {
  const c = snapshot.context;
  const pressure = c.metric === 'blood_pressure';
  const complete = c.value !== '' && (!pressure || c.value2 !== '');
  if (!complete) expect(snapshot.value).toBe('incomplete');
  else {
    const read = readMeasurement({ metric: c.metric, value: Number(c.value), value2: pressure ? Number(c.value2) : null, unit: c.unit });
    expect(sel.isReady(snapshot)).toBe('reading' in read);
    expect(sel.errors(snapshot)).toEqual('errors' in read ? read.errors : {});
  }
  if (c.value === '720' && c.unit === 'kg' && c.metric === 'weight') {
    expect(sel.errors(snapshot)).toEqual({ value: MEASUREMENT_TEXTS.implausible('Weight', 720, 'kg', 20, 350) });
  }
  if (event.type === 'form.metric') expect([c.unit, c.value2]).toEqual([pressure ? 'mmHg' : 'kg', '']);
  if (event.type === 'form.reset') expect(c).toMatchObject({ metric: 'weight', value: '', value2: '', unit: 'kg', takenAt: '' });
  if (event.type === 'form.submit' && snapshot.matches('ready')) {
    expect(submit).toHaveBeenCalledTimes(1);
    const body = submit.mock.lastCall?.[1].body;
    expect(body).toMatchObject({ metric: c.metric, value: Number(c.value), value2: pressure ? Number(c.value2) : null, unit: c.unit });
    expect(body.taken_at).toBe(c.takenAt ? new Date(c.takenAt).toISOString() : undefined);
  } else expect(submit).not.toHaveBeenCalled();
});
