// "Bill this visit" on a checked-in or completed appointment, for those who bill: one press starts
// a draft from the appointment (its service, or a ₹0 line from its package) and opens it.
import { Alert, Box, Button } from '@mui/material';
import { billsClients } from '../../../machines/billing/billing-roles.ts';
import { billableAppointment } from '../../../machines/billing/client-billing-machine.ts';
import { useShell } from '../../app/port.ts';
import { useBillVisit } from './billing-hooks.ts';
import { ClientBalance } from './client-balance.tsx';
import { BILLING_TEXT as T } from './billing-texts.ts';

function BillVisitButton({ appointment }: { appointment: number }) {
  const bill = useBillVisit(appointment);
  return (
    <Box>
      <Button variant="outlined" disabled={bill.creating} onClick={bill.start} data-action="bill-visit">
        {bill.creating ? T.billing : T.billVisit}
      </Button>
      {bill.error && <Alert severity="error">{bill.error}</Alert>}
    </Box>
  );
}

/** What the appointment panel shows of billing: the client's balance, and "Bill this visit" when it may be billed. */
export function AppointmentBilling({ appointment }: { appointment: { id: number; client: number; status: string } }) {
  const { auth } = useShell();
  return (
    <>
      <ClientBalance client={appointment.client} />
      {billsClients(auth.role ?? '') && billableAppointment(appointment.status) && <BillVisitButton key={appointment.id} appointment={appointment.id} />}
    </>
  );
}
