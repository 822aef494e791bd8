// The staff list machine's model: one page of a query, every query change (page, sort, search,
// filter), reload, a failed fetch and its retry. One path per (state, event) pair.
import { listMachine } from '../../../../machines/staff/list-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const PAGE = { count: 240, rows: [{ id: 1, first_name: 'Asha' }] };
export const FAILURE = { message: 'Server error: The server encountered an error. Please try again later.', fieldErrors: {}, status: 500 };

export const model: MachineModel = {
  machine: listMachine,
  specs: [
    {
      input: {},
      events: [
        { type: 'list.page', page: 2, pageSize: 25 },
        { type: 'list.page', page: 2, pageSize: 50 },
        { type: 'list.sort', ordering: '-last_name' },
        { type: 'list.search', search: 'asha' },
        { type: 'list.filter', name: 'program', value: '4' },
        { type: 'list.reload' },
        { type: 'list.retry' },
      ],
      outcomes: { fetchPage: [{ output: PAGE }, { error: FAILURE }] },
      edgeKey: (snapshot, event) =>
        `${JSON.stringify(snapshot.value)}|${event.type}|${'pageSize' in event ? event.pageSize : ''}|${'output' in event ? 'done' : 'error' in event ? 'error' : ''}`,
    },
  ],
};
