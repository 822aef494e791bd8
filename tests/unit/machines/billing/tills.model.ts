// The back office's tills' model (issue 35): the list loads or fails and is retried; a till is
// added or renamed (a name typed, one another till has refused, nothing typed refused), saved and
// the list read again, or refused by the server with its words and the form kept; the form is
// cancelled. A till the clinic does not have is never renamed.
import { tillsMachine } from '../../../../machines/billing/tills-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const TILLS = [
  { id: 1, name: 'Front desk' },
  { id: 2, name: 'Spa counter' },
];
export const REFUSAL = 'Another till has this name.';

export const model: MachineModel = {
  machine: tillsMachine,
  specs: [
    {
      events: [
        { type: 'tills.retry' },
        { type: 'tills.add' },
        { type: 'tills.rename', id: 2 },
        { type: 'tills.rename', id: 9 },
        { type: 'tills.name', value: 'Pharmacy' },
        { type: 'tills.name', value: ' front DESK ' },
        { type: 'tills.name', value: '' },
        { type: 'tills.save' },
        { type: 'tills.cancel' },
      ],
      outcomes: {
        loadTills: [{ output: TILLS }, { error: new Error('offline') }],
        saveTill: [{ output: undefined }, { error: new Error(REFUSAL) }],
      },
    },
  ],
};
