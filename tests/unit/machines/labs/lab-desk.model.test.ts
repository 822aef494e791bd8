// Every path of the lab desk chart, replayed on the production machine; and the moves it offers,
// read from the order chart itself.
import { describe, expect, it } from 'vitest';
import { deskCanCancel, deskMoves } from '../../../../machines/labs/lab-desk-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './lab-desk.model.ts';

describeModel('lab desk', model, (snapshot) => {
  if (snapshot.value === 'ready' && snapshot.context.message === null) expect(snapshot.context.orders).toHaveLength(1);
  if (snapshot.value === 'rescheduling') expect(snapshot.context.moving?.id).toBe(4);
});

describe('desk moves', () => {
  it('are the chart\'s next steps for staff', () => {
    expect(deskMoves('booked')).toEqual(['collector_assigned']);
    expect(deskMoves('collector_assigned')).toEqual(['collected']);
    expect(deskMoves('processing')).toEqual(['partial', 'ready']);
    expect(deskMoves('partial')).toEqual(['ready']);
    expect(deskMoves('ready')).toEqual([]);
  });
});

describe('desk cancel', () => {
  it('is offered only while the order chart allows cancelling (no sample taken yet)', () => {
    expect(['booked', 'collector_assigned'].map((s) => deskCanCancel(s as 'booked'))).toEqual([true, true]);
    expect(['collected', 'processing', 'partial', 'ready', 'cancelled'].map((s) => deskCanCancel(s as 'booked'))).toEqual([false, false, false, false, false]);
  });
});
