// Every path of the back office's Reports, replayed on the production chart: only a range the
// server takes is ever asked for, a table shown is the one chosen, and a download ends saved under
// its file name or refused in the server's words.
import { expect } from 'vitest';
import { reportRangeProblems } from '../../../../machines/billing/reports.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model, REFUSAL, RESULT, SAVED } from './billing-reports.model.ts';

describeModel('billing reports', model, (snapshot) => {
  const { from, to, result, saved, error } = snapshot.context;
  if (snapshot.value !== 'choosing') expect(reportRangeProblems(from, to)).toEqual({});
  // Cleared by any change of the choice, so only ever the answer to the last Show.
  if (result !== null) expect(result).toEqual(RESULT);
  if (saved !== null) expect([saved, error]).toEqual([SAVED, null]);
  if (error !== null) expect([error, saved]).toEqual([REFUSAL, null]);
});
