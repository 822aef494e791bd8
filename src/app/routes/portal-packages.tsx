// The route module of portalPackages (src/app/paths.ts): appointments' "My packages", paying an
// invoice online through billing's payment link (a domain calls only its own adapter), with
// memberships' card on top (issue 35).
import { MyPackagesPage } from '../../features/appointments/index.ts';
import { startOnlinePayment } from '../../features/billing/index.ts';
import { MyMembershipCard } from '../../features/memberships/index.ts';
import { useShell } from '../port.ts';

export function PortalPackagesPage() {
  const { api } = useShell();
  return <MyPackagesPage startPayment={(invoice) => startOnlinePayment(api, invoice)} membership={<MyMembershipCard />} />;
}
