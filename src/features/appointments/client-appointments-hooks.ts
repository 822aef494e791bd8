// The Appointments section's records and the package sale, on the staff machines.
import { useSnackbar } from 'notistack';
import { useShell } from '../../app/port.ts';
import { useAction, useRecord } from '../../lib/staff/hooks.ts';
import { clientAppointments, clientPackages, type PackagePlan, packagePlans, sellPackage } from './appointments-api.ts';
import { PACKAGE_SOLD } from './client-appointments-texts.ts';

export function useClientAppointments(clientId: number) {
  const { api, auth } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const appointments = useRecord(() => clientAppointments(api, clientId));
  const packages = useRecord(() => clientPackages(api, clientId));
  const plans = useRecord(() => packagePlans(api));
  const sale = useAction<null>(
    (_s, v) => sellPackage(api, Number(v.plan), clientId),
    () => {
      enqueueSnackbar(PACKAGE_SOLD, { variant: 'success' });
      packages.reload();
    },
  );
  return {
    appointments,
    packages,
    plans: (plans.data ?? []) as PackagePlan[],
    plansLoaded: plans.data !== null && plans.data !== undefined,
    sale,
    role: auth.role,
  };
}
