// The therapy visit chart's model: every verb, sent bare, with something still in its way
// (a blocker, a missing section, an empty reason or text) and with everything it needs.
import type { AnyEventObject } from 'xstate';
import { visitLifecycle } from '../../../../machines/visits/visit-lifecycle.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const VERBS = ['start', 'edit', 'complete', 'sign', 'abort', 'addendum'].map((v) => `visit.${v}`);

const bare: AnyEventObject[] = VERBS.map((type) => ({ type }));
const inTheWay: AnyEventObject[] = VERBS.map((type) => ({ type, blockers: ['screening'], missing: ['vitals_after'], signer_id: 0, reason: ' ', text: '' }));
const ready: AnyEventObject[] = VERBS.map((type) => ({
  type,
  blockers: [],
  missing: [],
  signer_id: 12,
  reason: 'Client felt faint',
  text: 'Called the client next day: well.',
}));
// Everything it needs, but its appointment has not started yet (issue 32): no completion, no signature.
const early: AnyEventObject[] = VERBS.map((type) => ({
  type,
  blockers: [],
  missing: [],
  signer_id: 12,
  reason: 'Client felt faint',
  text: 'Late entry',
  before_appointment: true,
}));

export const model: MachineModel = {
  machine: visitLifecycle,
  specs: [
    {
      events: [...bare, ...inTheWay, ...ready, ...early],
      describeEvent: (e) =>
        `${e.type}${'blockers' in e ? (e.before_appointment ? ' (before the appointment)' : Array.isArray(e.blockers) && e.blockers.length === 0 ? ' (ready)' : ' (in the way)') : ''}`,
    },
  ],
};
