// The appointments domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
export { AppointmentsPage } from './appointments-page';
export { clientAppointments, type ClientAppointment } from './appointments-api';
export { AppointmentsSection } from './client-appointments-section';
export { SECTION_APPOINTMENTS } from './client-appointments-texts';
export { BookingRulesTab } from './scheduling/booking-rules-tab';
export { ClinicHoursTab } from './scheduling/clinic-hours-tab';
export { PackagesTab } from './scheduling/packages-tab';
export { ResourcesTab } from './scheduling/resources-tab';
export { ServicesTab } from './scheduling/services-tab';
export { StaffHoursTab } from './scheduling/staff-hours-tab';
export { TAB_LABELS } from './scheduling/texts';
export { UpcomingSection } from './upcoming-section';
export { InClinicPage, IntakeCallPage } from './visit-booking-page';
