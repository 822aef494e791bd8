// After a conflict, this device's own changes are replayed onto the other device's version: its
// fields, notes, ingredients, log entries and adverse events; a field both devices changed keeps
// the other device's value and is named; nothing of theirs is overwritten.
import { describe, expect, it } from 'vitest';
import { EMPTY_VISIT_FORM, type VisitForm } from '../../../../machines/visits/visit-form.ts';
import { changesOf, rebaseForm, replayChanges } from '../../../../machines/visits/visit-rebase.ts';

const form = (more: Partial<VisitForm>): VisitForm => ({ ...EMPTY_VISIT_FORM, ...more });
const base = form({ vitals_before: { systolic: '120', heart_rate: '70' }, parameters: { device: 'Mat' }, notes: 'Arrived' });

describe('replaying this device’s changes onto another device’s version', () => {
  it('adds fields each device changed on its own; theirs stay', () => {
    const mine = form({ ...base, vitals_before: { systolic: '120', heart_rate: '72', spo2: '98' } });
    const theirs = form({ ...base, parameters: { device: 'Mat 2' }, notes: 'Arrived early' });
    const out = rebaseForm(base, mine, theirs);
    expect(out.form.vitals_before).toEqual({ systolic: '120', heart_rate: '72', spo2: '98' });
    expect(out.form.parameters).toEqual({ device: 'Mat 2' });
    expect(out.form.notes).toBe('Arrived early');
    expect(out).toMatchObject({ kept: [], replayed: true });
  });

  it('a field both changed differently keeps theirs and is named; the same change is no conflict', () => {
    const mine = form({ ...base, vitals_before: { systolic: '130', heart_rate: '75' }, notes: 'Mine' });
    const theirs = form({ ...base, vitals_before: { systolic: '140', heart_rate: '75' }, notes: 'Theirs' });
    const out = rebaseForm(base, mine, theirs);
    expect(out.form.vitals_before).toEqual({ systolic: '140', heart_rate: '75' });
    expect(out.form.notes).toBe('Theirs');
    expect(out.kept).toEqual(['vitals_before.systolic', 'notes']);
    expect(out.replayed).toBe(false);
  });

  it('a field this device cleared is cleared unless they changed it', () => {
    const mine = form({ ...base, vitals_before: { systolic: '120' } });
    const out = rebaseForm(base, mine, base);
    expect(out.form.vitals_before).toEqual({ systolic: '120', heart_rate: '' });
    expect(out.replayed).toBe(true);
  });

  it('log entries and adverse events this device added are appended to theirs', () => {
    const entry = { at: '2026-11-23T10:00:00.000Z', text: 'Started' };
    const theirEntry = { at: '2026-11-23T10:01:00.000Z', text: 'Pressurised' };
    const adverse = { type: 'Ear pain', severity: 'mild' as const, action: 'Paused', outcome: 'Resolved' };
    const out = rebaseForm(base, form({ ...base, events: [entry], adverse_events: [adverse] }), form({ ...base, events: [theirEntry] }));
    expect(out.form.events).toEqual([theirEntry, entry]);
    expect(out.form.adverse_events).toEqual([adverse]);
    expect(out.replayed).toBe(true);
  });

  it('nothing typed here: theirs as it is, nothing to save', () => {
    const theirs = form({ ...base, notes: 'Theirs' });
    expect(rebaseForm(base, base, theirs)).toEqual({ form: theirs, kept: [], replayed: false });
  });
});

describe('changes kept on the device, replayed onto the server’s version when the visit is opened again', () => {
  const entry = { at: '2026-11-23T10:00:00.000Z', text: 'Started' };
  const ingredient = { item: 'Vitamin C', dose: '5', unit: 'g', lot: '7' };
  const mine = form({
    ...base,
    vitals_before: { systolic: '130', heart_rate: '70', spo2: '98' },
    notes: 'Arrived; dizzy',
    ingredients: [ingredient],
    events: [entry],
  });

  it('hold only what this device changed, with the value it was changed from', () => {
    expect(changesOf(base, base)).toBeNull();
    expect(changesOf(base, mine)).toEqual({
      fields: [
        { section: 'vitals_before', key: 'systolic', was: '120', now: '130' },
        { section: 'vitals_before', key: 'spo2', was: '', now: '98' },
      ],
      notes: { was: 'Arrived', now: 'Arrived; dizzy' },
      ingredients: { was: [], now: [ingredient] },
      events: [entry],
      adverse_events: [],
    });
  });

  it('replayed onto an unchanged server version: exactly what was typed', () => {
    const out = replayChanges(changesOf(base, mine)!, base);
    expect(out).toEqual({ form: mine, kept: [], replayed: true });
  });

  it('replayed onto a newer server version: what the server changed since stays and is named (the conflict rule)', () => {
    const theirs = form({
      ...base,
      vitals_before: { systolic: '140', heart_rate: '70' },
      parameters: { device: 'Mat 2' },
      events: [{ at: '2026-11-23T10:05:00.000Z', text: 'Theirs' }],
    });
    const out = replayChanges(changesOf(base, mine)!, theirs);
    expect(out.form.vitals_before).toEqual({ systolic: '140', heart_rate: '70', spo2: '98' });
    expect(out.form.parameters).toEqual({ device: 'Mat 2' });
    expect(out.form.notes).toBe('Arrived; dizzy');
    expect(out.form.events).toEqual([...theirs.events, entry]);
    expect(out.kept).toEqual(['vitals_before.systolic']);
    expect(out.replayed).toBe(true);
    // The same as replaying the whole forms.
    expect(out).toEqual(rebaseForm(base, mine, theirs));
  });

  it('already on the server (the save answered after the tab closed): nothing to replay', () => {
    expect(replayChanges(changesOf(base, mine)!, mine)).toEqual({ form: mine, kept: [], replayed: false });
  });

  it('changes that only survive as JSON replay the same', () => {
    const kept = JSON.parse(JSON.stringify(changesOf(base, mine)));
    expect(replayChanges(kept, base).form).toEqual(mine);
  });
});
