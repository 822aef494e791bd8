// The "Download my data" card's model: the exports load or fail; the client asks for a new one
// when none is under way (one that could not be prepared is not under way: ask again), and the server records it or refuses (409: one asked for meanwhile at
// the desk); the list is read again to follow one being prepared. A SUPER_ADMIN reading the portal
// asks for nothing.
import { myDataMachine } from '../../../../machines/privacy/my-data-machine.ts';
import type { DataExport } from '../../../../src/features/privacy/privacy-api.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

const AS_SERVED = { client: 21, requested_at: '2026-11-20T05:30:00Z', ready_at: null, expires_at: null, size_bytes: null };

/** Export 9 could not be prepared; 7 is ready until a week on; 6 expired. As the server gives them, so the card's replay draws them. */
export const EXPORTS_DONE: DataExport[] = [
  { ...AS_SERVED, id: 9, status: 'failed', requested_at: '2026-11-21T05:30:00Z' },
  { ...AS_SERVED, id: 7, status: 'ready', ready_at: '2026-11-20T05:31:00Z', expires_at: '2026-11-27T05:31:00Z', size_bytes: 20_480 },
  { ...AS_SERVED, id: 6, status: 'expired', ready_at: '2026-10-01T05:31:00Z', expires_at: '2026-10-08T05:31:00Z', size_bytes: 18_000 },
];
/** The same with export 8 being prepared. */
export const EXPORTS_UNDER_WAY: DataExport[] = [{ ...AS_SERVED, id: 8, status: 'building' }, ...EXPORTS_DONE];

const events = [{ type: 'data.retry' }, { type: 'data.request' }, { type: 'data.refresh' }];
const outcomes = {
  loadExports: [{ output: EXPORTS_DONE }, { output: EXPORTS_UNDER_WAY }, { error: new Error('offline') }],
  requestExport: [{ output: { ...AS_SERVED, id: 8, status: 'requested' } }, { error: Object.assign(new Error('Already being prepared.'), { status: 409 }) }],
};

export const model: MachineModel = {
  machine: myDataMachine,
  specs: [
    { name: 'the client', input: { clientId: 21, readOnly: false }, events, outcomes },
    { name: 'a SUPER_ADMIN reading', input: { clientId: 21, readOnly: true }, events, outcomes },
  ],
};
