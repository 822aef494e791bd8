// The "GST returns" download's model: a month that is not one (typed by hand where the browser has
// no month picker) is never asked for; a month is downloaded, saved under the server's file name or
// refused with the server's words, and another month may follow either way.
import { gstReturnsMachine } from '../../../../machines/billing/gst-returns-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const SAVED = 'GSTR1_27AAPFU0939F1ZV_102026.json';
export const REFUSAL = 'The clinic has no GSTIN in its tax settings, so it files no GSTR-1.';

export const model: MachineModel = {
  machine: gstReturnsMachine,
  specs: [
    {
      input: { month: '2026-11' },
      events: [{ type: 'returns.download' }, { type: 'returns.month', month: '2026-10' }, { type: 'returns.month', month: '2026-13' }],
      outcomes: { downloadGstr1: [{ output: SAVED }, { error: new Error(REFUSAL) }] },
    },
  ],
};
