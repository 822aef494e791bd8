// "New invoice" on the billing desk: reception finds the client and a manual draft is made for them
// and opened, where its products and manual lines are added (machines/billing/new-invoice-machine.ts).
import { Button } from '@mui/material';
import { FormDialogFrame } from '../../lib/staff/form-dialog.tsx';
import { ClientSearchField } from '../../lib/staff/client-search-field.tsx';
import { useNewInvoice } from './billing-hooks.ts';
import { BILLING_TEXT as T } from './billing-texts.ts';

export function NewInvoice() {
  const view = useNewInvoice();
  const { send } = view;
  return (
    <>
      <Button variant="contained" onClick={() => send({ type: 'invoice.new' })} data-action="new-invoice">
        {T.newInvoice}
      </Button>
      <FormDialogFrame
        open={view.open}
        pending={view.creating}
        error={view.error}
        onCancel={() => send({ type: 'invoice.cancel' })}
        id="billing-new-invoice"
        title={T.newInvoice}
        submitLabel={T.createDraft}
        pendingLabel={T.creating}
        ready={view.hasClient}
        onSubmit={() => send({ type: 'invoice.create' })}
        maxWidth="xs"
      >
        <ClientSearchField
          label={T.clientSearch}
          noOptionsText={T.noClients}
          options={view.results}
          value={view.client}
          searching={view.searching}
          onSearch={(text) => send({ type: 'invoice.search', text })}
          onPick={(client) => send({ type: 'invoice.client', client })}
          autoFocus
        />
      </FormDialogFrame>
    </>
  );
}
