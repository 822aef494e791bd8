// One marker's result written to an order, whoever reports it (staff at the lab desk, or a partner
// lab through the poller): flagged from the person's range by sex and age, partial until the order
// is ready and amended after (the earlier value kept), and a new critical value tells the client's
// doctor in the same transaction. Call it with the order locked.
import { flagOf, rangeFor } from '../../../machines/labs/lab-rules.ts';
import { LAB_TEXTS } from '../../../machines/labs/lab-texts.ts';
import type { LabOrderStatus } from '../../../machines/labs/order-lifecycle.ts';
import type { Db } from '../../db/database.ts';
import { readClinicName } from '../../mail/clinic-name.ts';
import type { MailTransport } from '../../mail/transport.ts';
import * as data from './data.ts';

export async function recordResult(
  trx: Db,
  mail: MailTransport,
  r: {
    order: { id: number; client_id: number; status: LabOrderStatus };
    person: { id: number; sex: 'M' | 'F'; age: number };
    marker: { id: number; name: string; unit: string };
    value: number;
    /** The staff member, or null for a partner lab. */
    by: number | null;
  },
): Promise<{ id: number; changed: boolean }> {
  const flag = flagOf(r.value, rangeFor(await data.markerRanges(trx, r.marker.id), r.person.sex, r.person.age));
  const previous = await data.lockResult(trx, r.person.id, r.marker.id);
  // A partner reports its whole list on every poll: the same value again is no amendment.
  if (previous && r.by === null && Number(previous.value) === r.value) return { id: previous.id, changed: false };
  const status = r.order.status === 'ready' ? (previous ? 'amended' : 'final') : 'partial';
  const id = await data.saveResult(trx, { order: r.order.id, person: r.person.id, marker: r.marker.id, value: r.value, flag, status, by: r.by }, previous);
  if (flag === 'critical' && previous?.flag !== 'critical') {
    const doctor = await data.doctorOf(trx, r.order.client_id);
    const to = doctor?.email ?? (await trx.selectFrom('clinic_settings').select('email').executeTakeFirst())?.email;
    if (to)
      await mail.send(
        {
          channel: 'email',
          to,
          subject: LAB_TEXTS.mail.criticalSubject,
          body: LAB_TEXTS.mail.critical(await readClinicName(trx), r.order.id, r.marker.name, r.value, r.marker.unit),
        },
        trx,
      );
  }
  return { id, changed: true };
}
