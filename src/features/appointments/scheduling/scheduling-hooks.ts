// The scheduling tabs' machines bound to the adapter: records and dialogs from the staff
// machines, and the impact chart (machines/appointments/impact-machine.ts) for changes that may break
// booked appointments.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../../lib/page-actor.ts';
import { useSnackbar } from 'notistack';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import { type ImpactPreview, impactMachine } from '../../../../machines/appointments/impact-machine.ts';
import { impactSelectors } from '../../../../machines/appointments/impact-selectors.ts';
import { useShell } from '../../../app/port.ts';
import { useRecord } from '../../../lib/staff/hooks.ts';
import { cancelImpacted, getHours, listPlans, listResources, listServices, listStaff, type Impact } from '../appointments-api.ts';
import { CANCELLED_TOO } from './texts.ts';

export function useServices() {
  const { api } = useShell();
  return useRecord(() => listServices(api));
}

export function useResources() {
  const { api } = useShell();
  return useRecord(() => listResources(api));
}

export function useHours() {
  const { api } = useShell();
  return useRecord(() => getHours(api));
}

export function usePlans() {
  const { api } = useShell();
  return useRecord(() => listPlans(api));
}

export function useStaff() {
  const { api } = useShell();
  return useRecord(() => listStaff(api));
}

/**
 * A change saved only after its impact check: `preview` and `apply` are the adapter's calls for
 * this kind of change; `saved` is the toast's text (plus how many appointments were cancelled).
 */
export function useImpactedChange<C>(
  preview: (change: C) => Promise<Impact>,
  apply: (change: C) => Promise<unknown>,
  saved: () => string,
  onSaved: () => void,
) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const latest = useRef({ preview, apply, saved, onSaved });
  latest.current = { preview, apply, saved, onSaved };
  const ref = usePageActor(
    impactMachine.provide({
      actors: {
        previewImpact: fromPromise(({ input }) => latest.current.preview(input.change as C) as Promise<ImpactPreview>),
        applyChange: fromPromise(({ input }) => latest.current.apply(input.change as C)),
        cancelImpacted: fromPromise(({ input }) => cancelImpacted(api, input.appointments, input.reason)),
      },
      actions: {
        notifySaved: (_, params) => {
          enqueueSnackbar(latest.current.saved() + (params.cancelled ? CANCELLED_TOO(params.cancelled) : ''), { variant: 'success' });
          latest.current.onSaved();
        },
      },
    }),
  );
  return {
    pending: useSelector(ref, impactSelectors.isPending),
    deciding: useSelector(ref, impactSelectors.deciding),
    saved: useSelector(ref, impactSelectors.isSaved),
    error: useSelector(ref, impactSelectors.error),
    fieldErrors: useSelector(ref, impactSelectors.fieldErrors),
    save: (change: C) => ref.send({ type: 'change.save', change }),
    keep: () => ref.send({ type: 'impact.keep' }),
    cancelAppointments: (reason: string) => ref.send({ type: 'impact.cancelAppointments', reason }),
    abandon: () => ref.send({ type: 'impact.abandon' }),
    dismiss: () => ref.send({ type: 'change.dismiss' }),
  };
}

export type ImpactedChange = ReturnType<typeof useImpactedChange>;
