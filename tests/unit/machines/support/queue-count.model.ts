// The queue count's model: counted at start; a move to another page counts again (also while a
// count is in flight), the same page announced again does not; a failed count keeps the last.
import { queueCountMachine } from '../../../../machines/support/queue-count-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const START = '/clients';

export const model: MachineModel = {
  machine: queueCountMachine,
  specs: [
    {
      input: { place: START },
      events: [
        { type: 'queue.navigated', place: START },
        { type: 'queue.navigated', place: '/backoffice' },
      ],
      outcomes: { countTickets: [{ output: 3 }, { error: new Error('offline') }] },
      serializeState: (s: any) => `${JSON.stringify(s.value)}|${s.context.count}|${s.context.place}`,
    },
  ],
};
