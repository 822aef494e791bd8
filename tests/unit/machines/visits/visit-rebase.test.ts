// After a conflict, this device's own changes are replayed onto the other device's version: its
// fields, notes, ingredients, log entries and adverse events; a field both devices changed keeps
// the other device's value and is named; nothing of theirs is overwritten.
import { describe, expect, it } from 'vitest';
import { EMPTY_VISIT_FORM, type VisitForm } from '../../../../machines/visits/visit-form.ts';
import { rebaseForm } from '../../../../machines/visits/visit-rebase.ts';

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
