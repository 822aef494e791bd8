// /backoffice's machines bound to its adapter: the program catalogue with editing and
// (de)activating, and the clinic settings with saving and the logo; each success toasts and reloads.
import { useSnackbar } from 'notistack';
import { useShell } from '../../app/port.ts';
import { useAction, useRecord } from '../../lib/staff/hooks.ts';
import {
  type ClinicSettings,
  type ClinicSettingsPatch,
  createProgram,
  getSettings,
  listPrograms,
  type Program,
  patchProgram,
  patchSettings,
  removeLogo,
  uploadLogo,
} from './clinic-settings-api.ts';
import { LOGO_REMOVED, LOGO_SAVED, PROGRAM_ACTIVATED, PROGRAM_DEACTIVATED, PROGRAM_SAVED, SETTINGS_SAVED } from './texts.ts';

export function usePrograms() {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const programs = useRecord(() => listPrograms(api));
  const edit = useAction<Program | null>(
    (program, v) => {
      const body = {
        name: String(v.name).trim(),
        description: String(v.description).trim(),
        duration_weeks: Number(v.duration_weeks),
        price_inr: Number(v.price_inr),
      };
      return program ? patchProgram(api, program.id, body) : createProgram(api, body);
    },
    (_p, out) => {
      enqueueSnackbar(PROGRAM_SAVED((out as Program).name), { variant: 'success' });
      programs.reload();
    },
  );
  const toggle = useAction<Program | null>(
    (program) => patchProgram(api, program!.id, { active: !program!.active }),
    (program) => {
      enqueueSnackbar(program!.active ? PROGRAM_DEACTIVATED(program!.name) : PROGRAM_ACTIVATED(program!.name), { variant: 'success' });
      programs.reload();
    },
  );
  return { programs, edit, toggle };
}

export function useClinicSettings() {
  const { api } = useShell();
  return useRecord<ClinicSettings>(() => getSettings(api));
}

export function useSettingsSave(onSaved: () => void) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  return useAction<null>(
    (_s, body) => patchSettings(api, body as ClinicSettingsPatch),
    () => {
      enqueueSnackbar(SETTINGS_SAVED, { variant: 'success' });
      onSaved();
    },
  );
}

/** Upload (a file as subject) or remove (null) the clinic's logo, then reload the settings. */
export function useLogoChange(onChanged: () => void) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  return useAction<File | null>(
    (file) => (file ? uploadLogo(api, file) : removeLogo(api)),
    (file) => {
      enqueueSnackbar(file ? LOGO_SAVED : LOGO_REMOVED, { variant: 'success' });
      onChanged();
    },
  );
}
