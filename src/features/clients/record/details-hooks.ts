// The client record's machines bound to its adapter: the record itself, its sections' records
// (enrollments, programs, consent history, audit trail, thrive checks) and their actions (save
// the profile, enrol, take an enrollment one step along its chart). Views call these hooks.
import { useSnackbar } from 'notistack';
import type { AuditView } from '../../../../machines/clients/record-tabs.ts';
import type { EnrollmentStep } from '../../../../machines/enrollment/enrollment-rules.ts';
import { useShell } from '../../../app/port.ts';
import { useAction, useRecord } from '../../../lib/staff/hooks.ts';
import {
  auditTrail,
  changeEnrollmentStatus,
  consentHistory,
  type ConsentRecord,
  type Enrollment,
  enrol,
  getClient,
  listEnrollments,
  recordConsentOnBehalf,
  saveRecordProfile,
  thriveChecks,
} from '../clients-api.ts';
import { listPrograms } from '../../clinic-settings/index.ts';
import { CONSENT_FORM_RECORDED, CONSENT_WITHDRAWAL_RECORDED, ENROLLED, ENROLLMENT_CHANGED, PROFILE_SAVED } from './texts.ts';

export type EnrollmentChange = { enrollment: Enrollment; step: EnrollmentStep };

export function useClientRecord(clientId: number) {
  const { api, auth } = useShell();
  return { record: useRecord(() => getClient(api, clientId)), thrive: useRecord(() => thriveChecks(api, clientId)), role: auth.role };
}

export function useProfileSave(clientId: number, current: Record<string, unknown>, onSaved: () => void) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  return useAction<null>(
    (_s, draft) => saveRecordProfile(api, clientId, draft as Record<string, string>, current),
    () => {
      enqueueSnackbar(PROFILE_SAVED, { variant: 'success' });
      onSaved();
    },
  );
}

export function useEnrollments(clientId: number) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const enrollments = useRecord(() => listEnrollments(api, clientId));
  const programs = useRecord(() => listPrograms(api, { active: true }));
  const change = useAction<EnrollmentChange>(
    ({ enrollment, step }) => changeEnrollmentStatus(api, enrollment, step.to),
    ({ enrollment, step }) => {
      enqueueSnackbar(ENROLLMENT_CHANGED(enrollment.program_name, step.to), { variant: 'success' });
      enrollments.reload();
    },
  );
  const create = useAction<null>(
    (_s, values) =>
      enrol(api, {
        user: clientId,
        program: Number(values.program),
        start_date: String(values.start_date),
        ...(values.notes ? { notes: String(values.notes) } : {}),
      }),
    (_s, output) => {
      enqueueSnackbar(ENROLLED((output as Enrollment).program_name), { variant: 'success' });
      enrollments.reload();
    },
  );
  return {
    enrollments,
    programs: programs.data ?? [],
    change,
    create,
    /** Opens the Enrol dialog with a fresh catalogue (a program may have been added meanwhile). */
    openEnrol: () => {
      programs.reload();
      create.open(null);
    },
  };
}

export function useEnrollmentList(clientId: number) {
  const { api } = useShell();
  return useRecord(() => listEnrollments(api, clientId));
}

export function useConsentHistory(clientId: number) {
  const { api } = useShell();
  return useRecord(() => consentHistory(api, clientId));
}

/** Staff record the client's signed form; then the history and the record's consent status are read again. */
export function useConsentOnBehalf(clientId: number, onRecorded: () => void) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  return useAction<null>(
    (_s, values) => recordConsentOnBehalf(api, clientId, values),
    (_s, output) => {
      enqueueSnackbar((output as ConsentRecord).decision === 'withdrawn' ? CONSENT_WITHDRAWAL_RECORDED : CONSENT_FORM_RECORDED, { variant: 'success' });
      onRecorded();
    },
  );
}

export function useAuditTrail(clientId: number, view: AuditView) {
  const { api } = useShell();
  return useRecord(() => auditTrail(api, clientId, view));
}
