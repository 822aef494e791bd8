// The appointments domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
export { AppointmentBillingSlot, type AppointmentBillingView } from './appointment-slots.ts';
export { AppointmentsPage } from './appointments-page.tsx';
export {
  clientAppointments,
  listAppointments,
  listServices,
  loadAvailability,
  loadHoursFacts,
  saveWeeklyHours,
  searchClients,
  type ClientAppointment,
  type HoursFacts,
} from './appointments-api.ts';
export { AppointmentsSection } from './client-appointments-section.tsx';
export { SECTION_APPOINTMENTS } from './client-appointments-texts.ts';
export { BookingRulesTab } from './scheduling/booking-rules-tab.tsx';
export { ClinicHoursTab } from './scheduling/clinic-hours-tab.tsx';
export { PackagesTab } from './scheduling/packages-tab.tsx';
export { ResourcesTab } from './scheduling/resources-tab.tsx';
export { ServicesTab } from './scheduling/services-tab.tsx';
export { StaffHoursTab } from './scheduling/staff-hours-tab.tsx';
export { TAB_LABELS } from './scheduling/texts.ts';
export { UpcomingSection } from './upcoming-section.tsx';
export { InClinicPage, IntakeCallPage } from './visit-booking-page.tsx';
export { MyPackagesPage } from './my-packages-page.tsx';
