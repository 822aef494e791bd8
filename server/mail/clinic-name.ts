// The name people see the clinic by: the one set on /backoffice (clinic_settings.name), else the
// product's. The top bar, the page title, the consent text, the sign-in page (all through
// /config.json) and the server's messages carry it.
import type { Db } from '../db/database.ts';

export const DEFAULT_CLINIC_NAME = 'Thrive Clinic';

export async function readClinicName(db: Db): Promise<string> {
  try {
    const row = await db.selectFrom('clinic_settings').select('name').where('id', '=', true).executeTakeFirst();
    return row?.name.trim() || DEFAULT_CLINIC_NAME;
  } catch {
    // Before migrations the product's name stands.
    return DEFAULT_CLINIC_NAME;
  }
}
