// The back office's stock warning, above its tabs: when any IV stock lot is at or below its
// low-stock level or has expired with stock left (machines/visits/stock-attention.ts, from the
// server's flags), a banner names the lots and opens the Therapies tab, where lots are received
// and adjusted. Nothing shows while the lots load, when they cannot be read, or when all is well.
import { Alert, Button } from '@mui/material';
import { needsAttention, stockAttention } from '../../../../machines/visits/stock-attention.ts';
import { useShell } from '../../../app/port.ts';
import { useRecord } from '../../../lib/staff/hooks.ts';
import { fetchLots, type StockLot } from '../visits-api.ts';
import { STOCK_WARNING as T } from './texts.ts';

const names = (lots: StockLot[]) => lots.map((l) => `${l.item} ${l.lot_number}`).join(', ');

export function StockWarning({ onOpenTherapies }: { onOpenTherapies: () => void }) {
  const { api } = useShell();
  const lots = useRecord(() => fetchLots(api));
  if (!lots.data) return null;
  const attention = stockAttention(lots.data);
  if (!needsAttention(attention)) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-field="stock-warning"
      action={
        <Button color="inherit" size="small" onClick={onOpenTherapies}>
          {T.open}
        </Button>
      }
    >
      {attention.low.length > 0 && <div>{T.low(attention.low.length, names(attention.low))}</div>}
      {attention.expired.length > 0 && <div>{T.expired(attention.expired.length, names(attention.expired))}</div>}
    </Alert>
  );
}
