// Every path of the "GST returns" download, replayed on the production chart: only a real month is
// ever asked for, and a download ends saved under its file name or refused in the server's words.
import { expect } from 'vitest';
import { monthProblem } from '../../../../machines/billing/gst-returns-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model, REFUSAL, SAVED } from './gst-returns.model.ts';

describeModel('GST returns download', model, (snapshot) => {
  const { month, saved, error } = snapshot.context;
  if (snapshot.value === 'downloading') expect(monthProblem(month)).toBeNull();
  if (saved !== null) expect([saved, error]).toEqual([SAVED, null]);
  if (error !== null) expect([error, saved]).toEqual([REFUSAL, null]);
});
