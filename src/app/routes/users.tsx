// The route module of users (src/app/paths.ts): the clients domain's page, given what it needs of
// scheduling (who delivers services, the clinic's hours, a new member's weekly hours) from the
// appointments domain. Only route modules combine domains.
import { loadHoursFacts, saveWeeklyHours } from '../../features/appointments/index.ts';
import { type StaffScheduling, UsersPage as UsersView } from '../../features/clients/index.ts';

const scheduling: StaffScheduling = { loadHoursFacts, saveWeeklyHours };

export function UsersPage() {
  return <UsersView scheduling={scheduling} />;
}
