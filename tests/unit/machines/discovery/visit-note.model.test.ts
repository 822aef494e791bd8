// Every path of the visit note chart, replayed on the production machine: the loaded note decides
// (signed: locked, nothing to edit or send; draft: its form), typing changes only the form, a save
// seeds the form from what the server stored, "sign and lock" saves then signs and is offered only
// with an outcome, and a refusal keeps the form as typed with the reason.
import { describe, expect, it } from 'vitest';
import { noteSelectors } from '../../../../machines/discovery/selectors.ts';
import { EMPTY_FORM, estimateOf, formOf, valuesOf } from '../../../../machines/discovery/visit-note.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { DRAFT, FAILURE, model, notify, SAVED } from './visit-note.model.ts';

describeModel('discovery visit note', model, (snapshot, event) => {
  const { form, note, error } = snapshot.context;
  if (event.type === 'note.edit') expect(form[event.field as 'goals']).toBe(event.value);
  if (event.type === 'note.heart') expect(form.heart.age).toBe(event.value);
  if (event.type === 'note.save') expect(snapshot.value).toBe('saving');
  if (event.type === 'note.sign') {
    expect(snapshot.value).toEqual({ signing: 'saving' });
    expect(form.outcome).not.toBe('');
  }
  if (event.type.startsWith('xstate.done.actor.')) {
    const output = (event as unknown as { output: typeof DRAFT }).output;
    expect(note).toEqual(output);
    if (output.status === 'signed') {
      expect(snapshot.value).toBe('locked');
      expect(noteSelectors.isLocked(snapshot)).toBe(true);
    } else expect(form).toEqual(formOf(output));
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    expect(error).toBe(FAILURE.message);
    expect(snapshot.value === 'failed' || snapshot.value === 'editing').toBe(true);
  }
  if (snapshot.matches('locked')) {
    expect(noteSelectors.canSign(snapshot)).toBe(false);
    for (const type of ['note.save', 'note.sign', 'note.edit']) expect(snapshot.can({ type, field: 'goals', value: 'x' })).toBe(false);
  }
  // A toast for each save the server answered, and one for the signature.
  const toasts = notify.mock.calls.map((call) => (call[1] as { what: string }).what);
  if (snapshot.matches('locked') && toasts.length) expect(toasts.at(-1)).toBe('signed');
  expect(noteSelectors.isBusy(snapshot)).toBe(snapshot.matches('saving') || snapshot.matches('signing'));
  expect(noteSelectors.canSign(snapshot)).toBe(snapshot.matches('editing') && form.outcome !== '');
});

describe('discovery visit note form', () => {
  it('is seeded from the stored note and sends it back as the contract has it', () => {
    expect(formOf(DRAFT)).toEqual({ ...EMPTY_FORM, goals: DRAFT.goals });
    expect(valuesOf(formOf(SAVED))).toEqual({
      goals: 'More energy',
      health_and_lifestyle: '',
      barriers: '',
      heart_risk: null,
      recommended_program: 3,
      recommended_therapies: ['HBOT'],
      outcome: 'enrol',
    });
  });

  it('estimates heart risk only once every number is typed and readable, and then sends it', () => {
    const heart = {
      sex: 'male',
      age: '52',
      hdl_cholesterol: '42',
      total_cholesterol: '230',
      smoker: 'yes',
      diabetic: 'no',
      treats_hypertension: 'no',
      systolic_bp: '138',
    };
    const form = { ...formOf(DRAFT), heart };
    expect(estimateOf(form)).toMatchObject({ inValidatedAgeRange: true });
    expect(valuesOf(form).heart_risk).toEqual(heart);
    expect(estimateOf({ ...form, heart: { ...heart, age: '' } })).toBeNull();
    expect(estimateOf({ ...form, heart: { ...heart, age: 'fifty' } })).toBeNull();
    expect(valuesOf({ ...form, heart: { ...heart, systolic_bp: '' } }).heart_risk).toBeNull();
    expect(formOf({ ...DRAFT, heart_risk: { input: heart } }).heart).toEqual(heart);
  });
});
