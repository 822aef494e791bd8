// The route module of appointments (src/app/paths.ts): the page, taken from its domain's public
// entry, with billing's balance and "Bill this visit" composed into its appointment panel (issue 34).
import { AppointmentBillingSlot, AppointmentsPage as Calendar } from '../../features/appointments/index.ts';
import { AppointmentBilling } from '../../features/billing/index.ts';

export function AppointmentsPage() {
  return (
    <AppointmentBillingSlot.Provider value={AppointmentBilling}>
      <Calendar />
    </AppointmentBillingSlot.Provider>
  );
}
