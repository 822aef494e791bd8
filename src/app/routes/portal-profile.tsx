// The route module of portalProfile (src/app/paths.ts): the clients domain's profile page, with
// privacy's "Download my data" card below it (issue 38).
import { ProfilePage } from '../../features/clients/index.ts';
import { MyDataCard } from '../../features/privacy/index.ts';

export function PortalProfilePage() {
  return <ProfilePage below={<MyDataCard />} />;
}
