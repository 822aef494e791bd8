// The portal's machines bound to its adapter (portal-api.ts): `usePageActor` (src/lib/page-actor.ts) makes each actor once
// with the adapter's calls as its actors; `useSelector` reads it through the named selectors of
// machines/clients/selectors.ts. Views call these hooks and send the events they return.
// The shell shows a portal page to the client whose portal it is, or read-only to a SUPER_ADMIN
// (spec §6); opened by anyone but the client, the machines start read-only and offer no write.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../../lib/page-actor.ts';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { emailChangeMachine } from '../../../../machines/clients/email-change-machine.ts';
import { homeMachine } from '../../../../machines/clients/home-machine.ts';
import { onboardingMachine } from '../../../../machines/clients/onboarding-machine.ts';
import type { OnboardingAnswers } from '../../../../machines/clients/onboarding-rules.ts';
import { type ProfileData, profileEditMachine } from '../../../../machines/clients/profile-edit-machine.ts';
import {
  emailChangeSelectors,
  homeSelectors,
  onboardingSelectors,
  profileEditSelectors,
  thriveCheckSelectors,
} from '../../../../machines/clients/selectors.ts';
import { type StoredCheck, thriveCheckMachine } from '../../../../machines/clients/thrive-check-machine.ts';
import { useShell } from '../../../app/port.ts';
import {
  confirmEmailChange,
  createCheck,
  getProfile,
  type HomeData,
  loadAnswers,
  loadCheckHistory,
  loadHome,
  type Profile,
  recordHomeVisit,
  requestEmailChange,
  resendEmailCode,
  saveProfile,
  saveStep,
  type ThriveCheck,
} from '../clients-api.ts';

function useReadsOnly(): boolean {
  return useShell().auth.role !== 'CLIENT';
}

export function usePortalHome(clientId: string) {
  const { api } = useShell();
  const readOnly = useReadsOnly();
  // The chart with its actors is made once, not at every render (each copy builds its state nodes).
  const logic = useMemo(
    () =>
      homeMachine.provide({
        actors: { loadHome: fromPromise(({ input }) => loadHome(api, input.clientId)), recordVisit: fromPromise(() => recordHomeVisit(api)) },
      }),
    [api],
  );
  // Only the client's own opening is a visit; a reader's (read-only) is not.
  const ref = usePageActor(logic, { input: { clientId, countsVisit: !readOnly } });
  return {
    mode: useSelector(ref, homeSelectors.mode),
    data: useSelector(ref, homeSelectors.data) as HomeData | null,
    firstVisit: useSelector(ref, homeSelectors.firstVisit),
    retry: () => ref.send({ type: 'home.retry' }),
  };
}

export function useOnboarding(clientId: string) {
  const { api } = useShell();
  const readOnly = useReadsOnly();
  const ref = usePageActor(
    onboardingMachine.provide({
      actors: {
        loadAnswers: fromPromise(({ input }) => loadAnswers(api, input.clientId)),
        saveStep: fromPromise(({ input }) => saveStep(api, input.clientId, input.step, input.value)),
      },
    }),
    { input: { clientId, readOnly } },
  );
  return {
    view: useSelector(ref, onboardingSelectors.view),
    stepIndex: useSelector(ref, onboardingSelectors.stepIndex),
    answers: useSelector(ref, onboardingSelectors.answers) as OnboardingAnswers,
    fieldErrors: useSelector(ref, onboardingSelectors.fieldErrors),
    message: useSelector(ref, onboardingSelectors.message),
    pending: useSelector(ref, onboardingSelectors.isPending),
    retry: () => ref.send({ type: 'onboarding.retry' }),
    review: () => ref.send({ type: 'onboarding.review' }),
    back: () => ref.send({ type: 'onboarding.back' }),
    next: (value: Record<string, unknown>) => ref.send({ type: 'onboarding.next', value }),
  };
}

export function useProfileEditor(clientId: string) {
  const { api } = useShell();
  const readOnly = useReadsOnly();
  const ref = usePageActor(
    profileEditMachine.provide({
      actors: {
        loadProfile: fromPromise(async ({ input }) => (await getProfile(api, input.clientId)) as unknown as ProfileData),
        saveProfile: fromPromise(async ({ input }) => (await saveProfile(api, input.clientId, input.patch)) as unknown as ProfileData),
      },
    }),
    { input: { clientId, readOnly } },
  );
  return {
    mode: useSelector(ref, profileEditSelectors.mode),
    profile: useSelector(ref, profileEditSelectors.profile) as unknown as Profile | null,
    fieldErrors: useSelector(ref, profileEditSelectors.fieldErrors),
    message: useSelector(ref, profileEditSelectors.message),
    justSaved: useSelector(ref, profileEditSelectors.justSaved),
    pending: useSelector(ref, profileEditSelectors.isPending),
    retry: () => ref.send({ type: 'profile.retry' }),
    edit: () => ref.send({ type: 'profile.edit' }),
    cancel: () => ref.send({ type: 'profile.cancel' }),
    save: (patch: Record<string, unknown>) => ref.send({ type: 'profile.save', patch }),
    emailChanged: (profile: Record<string, unknown>) => ref.send({ type: 'profile.emailChanged', profile: profile as ProfileData }),
  };
}

export function useEmailChange(clientId: string, onChanged: (profile: Record<string, unknown>) => void) {
  const { api } = useShell();
  const ref = usePageActor(
    emailChangeMachine.provide({
      actors: {
        requestChange: fromPromise(({ input }) => requestEmailChange(input.email)),
        resendCode: fromPromise(({ input }) => resendEmailCode(input.email)),
        confirmChange: fromPromise(async ({ input }) => (await confirmEmailChange(api, clientId, input.code)) as unknown as Record<string, unknown>),
      },
      actions: { emailChanged: (_, params) => onChanged(params.profile) },
    }),
  );
  return {
    mode: useSelector(ref, emailChangeSelectors.mode),
    destination: useSelector(ref, emailChangeSelectors.destination),
    message: useSelector(ref, emailChangeSelectors.message),
    pending: useSelector(ref, emailChangeSelectors.isPending),
    start: (email: string) => ref.send({ type: 'email.start', email }),
    confirm: (code: string) => ref.send({ type: 'email.confirm', code }),
    resend: () => ref.send({ type: 'email.resend' }),
    cancel: () => ref.send({ type: 'email.cancel' }),
    done: () => ref.send({ type: 'email.done' }),
  };
}

export function useThriveCheck(clientId: string) {
  const { api } = useShell();
  const readOnly = useReadsOnly();
  const ref = usePageActor(
    thriveCheckMachine.provide({
      actors: {
        loadHistory: fromPromise(({ input }) => loadCheckHistory(api, input.clientId)),
        submitCheck: fromPromise(async ({ input }) => (await createCheck(api, input.input)) as unknown as StoredCheck),
      },
    }),
    { input: { clientId, readOnly } },
  );
  return {
    mode: useSelector(ref, thriveCheckSelectors.mode),
    latest: useSelector(ref, thriveCheckSelectors.latest) as unknown as ThriveCheck | null,
    history: useSelector(ref, thriveCheckSelectors.history) as unknown as ThriveCheck[],
    prefill: useSelector(ref, thriveCheckSelectors.prefill),
    fieldErrors: useSelector(ref, thriveCheckSelectors.fieldErrors),
    message: useSelector(ref, thriveCheckSelectors.message),
    pending: useSelector(ref, thriveCheckSelectors.isPending),
    retry: () => ref.send({ type: 'check.retry' }),
    submit: (input: Record<string, string>) => ref.send({ type: 'check.submit', input }),
    again: () => ref.send({ type: 'check.again' }),
  };
}
