// The Appointments section's records, the package sale, a package's steps (freeze, unfreeze,
// transfer, refund) and the client's family, on the staff machines.
import { useSnackbar } from 'notistack';
import { keepsFamilies } from '../../../machines/appointments/package-desk.ts';
import { useShell } from '../../app/port.ts';
import { useAction, useRecord, useServerList } from '../../lib/staff/hooks.ts';
import {
  type ClientPackage,
  clientAppointments,
  clientChoicesPage,
  clientPackages,
  clinicZone,
  freezePackage,
  joinFamily,
  leaveFamily,
  loadFamily,
  type PackagePlan,
  type PackageRefundMethod,
  packagePlans,
  refundPackage,
  sellPackage,
  transferPackage,
  unfreezePackage,
} from './appointments-api.ts';
import { PACKAGE_SOLD, PACKAGE_TEXT as P } from './client-appointments-texts.ts';

export function useClientAppointments(clientId: number) {
  const { api, auth } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const appointments = useRecord(() => clientAppointments(api, clientId));
  const packages = useRecord(() => clientPackages(api, clientId));
  const plans = useRecord(() => packagePlans(api));
  // Only the booking roles read a family (the server refuses the others).
  const family = useRecord(() => (keepsFamilies(auth.role) ? loadFamily(api, clientId) : Promise.resolve(null)));
  const zone = useRecord(() => clinicZone(api));
  const done = (text: string) => {
    enqueueSnackbar(text, { variant: 'success' });
    packages.reload();
    // A package given to a family member may come back as one shared with this client.
    family.reload();
  };
  const sale = useAction<null>(
    (_s, v) => sellPackage(api, Number(v.plan), clientId),
    () => done(PACKAGE_SOLD),
  );
  const freeze = useAction<ClientPackage | null>(
    (p, v) => freezePackage(api, p!.id, String(v.until)),
    () => done(P.frozen),
  );
  const unfreeze = useAction<ClientPackage | null>(
    (p) => unfreezePackage(api, p!.id),
    () => done(P.unfrozen),
  );
  const transfer = useAction<ClientPackage | null>(
    // The toast names who has it now, as the picker named them.
    async (p, v) => {
      await transferPackage(api, p!.id, { to: Number(v.to), reason: String(v.reason) });
      return String(v.toName);
    },
    (_p, name) => done(P.transferred(String(name))),
  );
  const refund = useAction<ClientPackage | null>(
    (p, v) =>
      refundPackage(api, p!.id, {
        reason: String(v.reason),
        method: v.method as PackageRefundMethod,
        ...(typeof v.reference === 'string' && v.reference.trim() ? { reference: v.reference.trim() } : {}),
      }),
    () => done(P.refunded),
  );
  const familyDone = (text: string) => {
    enqueueSnackbar(text, { variant: 'success' });
    family.reload();
  };
  const join = useAction<null>(
    (_s, v) => joinFamily(api, clientId, Number(v.with)),
    () => familyDone(P.joined),
  );
  const leave = useAction<null>(
    () => leaveFamily(api, clientId),
    () => familyDone(P.left),
  );
  return {
    appointments,
    packages,
    plans: (plans.data ?? []) as PackagePlan[],
    plansLoaded: plans.data !== null && plans.data !== undefined,
    family,
    zone: zone.data,
    sale,
    freeze,
    unfreeze,
    transfer,
    refund,
    join,
    leave,
    role: auth.role,
  };
}

/** The clients a picker offers: the clients list's search, ten at a time, after a pause in the typing. */
export function useClientChoices() {
  const { api } = useShell();
  const list = useServerList(
    async (q) => {
      const page = await clientChoicesPage(api, q);
      return { count: page.count, rows: page.rows.map((c) => ({ ...c })) };
    },
    { pageSize: 10 },
  );
  return { rows: list.rows as Array<{ id: number; label: string }>, searching: list.loading, search: list.search };
}
