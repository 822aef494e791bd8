// The staff cognitive section's model: results load (or fail, retried); a result is recorded or
// a comment added (each accepted, then the section loads again, or refused with the reasons).
import { cognitiveReviewMachine } from '../../../../machines/cognitive/review-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

const failed = { error: { message: 'Invalid total', fieldErrors: { total: ['The total cannot be more than the maximum.'] }, status: 400 } };

export const model: MachineModel = {
  machine: cognitiveReviewMachine,
  specs: [
    {
      input: { clientId: 7 },
      events: [
        { type: 'review.record', draft: { instrument: 'MoCA', total: 26 } },
        { type: 'review.comment', draft: { run: 1, comment: 'Reviewed' } },
        { type: 'review.retry' },
      ],
      outcomes: {
        loadResults: [{ output: { runs: [], instruments: [] } }, { error: new Error('offline') }],
        recordInstrument: [{ output: {} }, failed],
        addComment: [{ output: {} }, failed],
      },
    },
  ],
};
