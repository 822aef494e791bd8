// Every migration, in order. Names carry their module's range so modules never collide:
//   0001-0099 foundation, 0100-0199 identity, 0200-0299 business API, 0300+ later features.
// Add a new file with `up`/`down` and list it here; never edit one that has shipped.
import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.ts';
import * as m0100 from './0100_identity_pool.ts';
import * as m0101 from './0101_identity_users.ts';
import * as m0200 from './0200_business_api.ts';
import * as m0300 from './0300_thrive_checks.ts';
import * as m0350 from './0350_clinic_settings.ts';
import * as m0500 from './0500_scheduling.ts';
import * as m0610 from './0610_identity_limits.ts';
import * as m0620 from './0620_consent_on_behalf.ts';
import * as m1000 from './1000_cognitive_assessment.ts';
import * as m0800 from './0800_discovery.ts';
import * as m1050 from './1050_support.ts';
import * as m0900 from './0900_thrive_dashboard.ts';
import * as m0910 from './0910_thrive_rollup.ts';
import * as m0700 from './0700_scheduling_backoffice.ts';
import * as m0720 from './0720_portal_booking.ts';
import * as m0730 from './0730_portal_booking_seen.ts';
import * as m1060 from './1060_support_lab_order.ts';
import * as m1100 from './1100_labs.ts';
import * as m1200 from './1200_therapy_visits.ts';
import * as m1300 from './1300_clinic_locale.ts';
import * as m1301 from './1301_portal_home_views.ts';
import * as m1420 from './1420_thrive_flag_indexes.ts';
import * as m1400 from './1400_stock_adjustments.ts';
import * as m1440 from './1440_lab_partner.ts';
import * as m1460 from './1460_client_record_alerts.ts';
import * as m1520 from './1520_work_routing.ts';
import * as m1530 from './1530_billing.ts';
import * as m1540 from './1540_billing_online.ts';
import * as m1550 from './1550_billing_frozen_logos.ts';
import * as m1551 from './1551_billing_refund_vouchers.ts';
import * as m1590 from './1590_package_sales.ts';
import * as m1595 from './1595_package_redemptions.ts';
import * as m1600 from './1600_memberships.ts';
import * as m1605 from './1605_billing_tills.ts';
import * as m1610 from './1610_billing_report_indexes.ts';
import * as m1640 from './1640_data_exports.ts';
import * as m1641 from './1641_data_export_failed.ts';
import * as m1615 from './1615_package_expiry_warnings.ts';
import * as m1620 from './1620_thrive_slot_stripes.ts';
import * as m1480 from './1480_audit_system_actor.ts';
import * as m1490 from './1490_booking_horizon.ts';
import * as m1500 from './1500_support_client_updated_at.ts';
import * as m1505 from './1505_idempotency_keys.ts';
import * as m1470 from './1470_clinic_logo.ts';
import * as m1510 from './1510_check_in_window.ts';
import * as m1630 from './1630_identity_webauthn.ts';

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0100_identity_pool': m0100,
  '0101_identity_users': m0101,
  '0200_business_api': m0200,
  '0300_thrive_checks': m0300,
  '0350_clinic_settings': m0350,
  '0500_scheduling': m0500,
  '0610_identity_limits': m0610,
  '0620_consent_on_behalf': m0620,
  '1000_cognitive_assessment': m1000,
  '0800_discovery': m0800,
  '1050_support': m1050,
  '1060_support_lab_order': m1060,
  '0900_thrive_dashboard': m0900,
  '0910_thrive_rollup': m0910,
  '0700_scheduling_backoffice': m0700,
  '0720_portal_booking': m0720,
  '0730_portal_booking_seen': m0730,
  '1100_labs': m1100,
  '1200_therapy_visits': m1200,
  '1300_clinic_locale': m1300,
  '1301_portal_home_views': m1301,
  '1400_stock_adjustments': m1400,
  '1420_thrive_flag_indexes': m1420,
  '1440_lab_partner': m1440,
  '1460_client_record_alerts': m1460,
  '1470_clinic_logo': m1470,
  '1480_audit_system_actor': m1480,
  '1490_booking_horizon': m1490,
  '1500_support_client_updated_at': m1500,
  '1505_idempotency_keys': m1505,
  '1510_check_in_window': m1510,
  '1520_work_routing': m1520,
  '1530_billing': m1530,
  '1540_billing_online': m1540,
  '1550_billing_frozen_logos': m1550,
  '1551_billing_refund_vouchers': m1551,
  '1590_package_sales': m1590,
  '1595_package_redemptions': m1595,
  '1600_memberships': m1600,
  '1605_billing_tills': m1605,
  '1610_billing_report_indexes': m1610,
  '1615_package_expiry_warnings': m1615,
  '1620_thrive_slot_stripes': m1620,
  '1630_identity_webauthn': m1630,
  '1640_data_exports': m1640,
  '1641_data_export_failed': m1641,
};
