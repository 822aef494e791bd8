// The stock lots IV doses are drawn from: each lot with its quantity, expiry and flags (low stock
// at or below its level, expired past its date, both from the server), a warning when any lot runs
// low, and a form to receive a lot. On each lot, "Adjust stock" records stock received, wasted or
// expired, or a count, always with a reason (the server refuses going below zero), and "History"
// lists its movements newest first: when, kind, change, balance, reason or visit, and by whom.
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { ActionHandle } from '../../../lib/staff/hooks.ts';
import { FormDialog } from '../../../lib/staff/form-dialog.tsx';
import { DateField } from '../../../lib/date-field.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { ScrollTable } from '../../../lib/scroll-table.tsx';
import { type AdjustmentForm, adjustmentBody, canAdjust, type LotField, lotBody, NUMERIC_LOT_FIELDS } from '../../../../machines/visits/stock-forms.ts';
import type { AdjustmentKind, StockLot, StockMovement } from '../visits-api.ts';
import { useLotHistory } from './therapies-hooks.ts';
import { THERAPIES_TEXT as T } from './texts.ts';

const FIELDS: ReadonlyArray<readonly [LotField, string]> = [
  ['item', T.item],
  ['lot_number', T.lotNumber],
  ['expires_on', T.expiresOn],
  ['quantity', T.quantity],
  ['unit', T.unit],
  ['low_at', T.lowAt],
];
type Field = LotField;

function ReceiveLot({ receive }: { receive: ActionHandle<null> }) {
  const [values, setValues] = useState(Object.fromEntries(FIELDS.map(([f]) => [f, ''])) as Record<Field, string>);
  return (
    <form
      noValidate
      aria-label={T.receiveLot}
      onSubmit={(e) => {
        e.preventDefault();
        receive.save(lotBody(values));
      }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {T.receiveLot}
      </Typography>
      {receive.error && (
        <Alert severity="error" sx={{ my: 1 }}>
          {receive.error}
        </Alert>
      )}
      <Grid container spacing={2} sx={{ mt: 0 }}>
        {FIELDS.map(([f, label]) => {
          const err = receive.fieldErrors[f]?.join(' ');
          const change = (value: string) => setValues((v) => ({ ...v, [f]: value }));
          return (
            <Grid key={f} size={{ xs: 12, sm: 6, md: 4 }}>
              {f === 'expires_on' ? (
                <DateField fullWidth size="small" name={f} label={label} value={values[f]} onChange={change} error={!!err} helperText={err} />
              ) : (
                <TextField
                  fullWidth
                  size="small"
                  label={label}
                  slotProps={NUMERIC_LOT_FIELDS.includes(f) ? { htmlInput: { inputMode: 'decimal' } } : undefined}
                  value={values[f]}
                  onChange={(e) => change(e.target.value)}
                  error={!!err}
                  helperText={err}
                />
              )}
            </Grid>
          );
        })}
      </Grid>
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={receive.pending}>
        {receive.pending ? T.saving : T.saveLot}
      </Button>
    </form>
  );
}

const KINDS: AdjustmentKind[] = ['received', 'wasted', 'expired', 'count'];
const EMPTY_ADJUSTMENT: AdjustmentForm<AdjustmentKind> = { kind: 'received', quantity: '', reason: '' };

function AdjustDialog({ adjust }: { adjust: ActionHandle<StockLot | null> }) {
  const [values, setValues] = useState(EMPTY_ADJUSTMENT);
  const lot = adjust.subject;
  const err = (f: string) => adjust.fieldErrors[f]?.join(' ');
  return (
    <FormDialog
      action={adjust}
      id="adjust-lot"
      title={lot ? T.adjustTitle(lot.item, lot.lot_number) : ''}
      submitLabel={T.saveAdjustment}
      pendingLabel={T.saving}
      ready={canAdjust(values)}
      onSubmit={() => adjust.submit(adjustmentBody(values))}
      onExited={() => setValues(EMPTY_ADJUSTMENT)}
      maxWidth="xs"
    >
      {lot && <Typography variant="body2">{T.adjustHelp(lot.quantity, lot.unit)}</Typography>}
      <TextField
        select
        size="small"
        label={T.kind}
        value={values.kind}
        onChange={(e) => setValues((v) => ({ ...v, kind: e.target.value as AdjustmentKind }))}
        error={!!err('kind')}
        helperText={err('kind') ?? T.kindHelp[values.kind]}
      >
        {KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {T.kinds[k]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        required
        label={`${T.adjustQuantity[values.kind]}${lot ? ` (${lot.unit})` : ''}`}
        value={values.quantity}
        onChange={(e) => setValues((v) => ({ ...v, quantity: e.target.value }))}
        error={!!err('quantity')}
        helperText={err('quantity')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        size="small"
        required
        multiline
        minRows={2}
        label={T.reason}
        value={values.reason}
        onChange={(e) => setValues((v) => ({ ...v, reason: e.target.value }))}
        error={!!err('reason')}
        helperText={err('reason')}
      />
    </FormDialog>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The lot's movements, loaded when the dialog opens (the component mounts only then). */
function LotHistory({ lot }: { lot: StockLot }) {
  const history = useLotHistory(lot);
  if (history.failed)
    return (
      <Alert severity="error" action={<Button onClick={history.retry}>{T.retry}</Button>}>
        {history.error ?? T.historyFailed}
      </Alert>
    );
  if (!history.data) return <CircularProgress aria-label={T.historyTitle(lot.item, lot.lot_number)} />;
  if (history.data.length === 0) return <Typography>{T.historyEmpty}</Typography>;
  return (
    <ScrollTable size="small" aria-label={T.historyTitle(lot.item, lot.lot_number)}>
      <TableHead>
        <TableRow>
          <TableCell>{T.when}</TableCell>
          <TableCell>{T.kind}</TableCell>
          <TableCell align="right">{T.change}</TableCell>
          <TableCell align="right">{T.balance}</TableCell>
          <TableCell>{T.reasonOrVisit}</TableCell>
          <TableCell>{T.by}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {history.data.map((m: StockMovement) => (
          <TableRow key={m.id} data-movement={m.id} data-kind={m.kind}>
            <TableCell>{formatDateTime(m.at)}</TableCell>
            <TableCell>{T.kinds[m.kind]}</TableCell>
            <TableCell align="right">
              {signed(m.quantity)} {lot.unit}
            </TableCell>
            <TableCell align="right">{m.balance === null ? '—' : `${m.balance} ${lot.unit}`}</TableCell>
            <TableCell>{m.reason ?? (m.visit !== null ? T.visitRef(m.visit) : '—')}</TableCell>
            <TableCell>{m.by_name ?? T.unknownUser}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}

function HistoryDialog({ lot, onClose }: { lot: StockLot | null; onClose: () => void }) {
  return (
    <Dialog open={lot !== null} onClose={onClose} aria-labelledby="lot-history-title" fullWidth maxWidth="md">
      <DialogTitle id="lot-history-title">{lot ? T.historyTitle(lot.item, lot.lot_number) : ''}</DialogTitle>
      <DialogContent>{lot && <LotHistory lot={lot} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function StockLots({ lots, receive, adjust }: { lots: StockLot[]; receive: ActionHandle<null>; adjust: ActionHandle<StockLot | null> }) {
  const [historyOf, setHistoryOf] = useState<StockLot | null>(null);
  const low = lots.filter((l) => l.low && !l.expired).length;
  return (
    <Box data-stock-lots>
      {low > 0 && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {T.lowWarning(low)}
        </Alert>
      )}
      {lots.length === 0 ? (
        <Typography>{T.lotsEmpty}</Typography>
      ) : (
        <ScrollTable size="small" aria-label={T.lotsTitle}>
          <TableHead>
            <TableRow>
              <TableCell>{T.item}</TableCell>
              <TableCell>{T.lotNumber}</TableCell>
              <TableCell>{T.expiresOn}</TableCell>
              <TableCell align="right">{T.quantity}</TableCell>
              <TableCell align="right">{T.lowAt}</TableCell>
              <TableCell />
              <TableCell align="right">{T.actions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lots.map((l) => (
              <TableRow key={l.id} data-lot={l.lot_number} data-low={l.low} data-expired={l.expired}>
                <TableCell>{l.item}</TableCell>
                <TableCell>{l.lot_number}</TableCell>
                <TableCell>{formatDate(l.expires_on)}</TableCell>
                <TableCell align="right">
                  {l.quantity} {l.unit}
                </TableCell>
                <TableCell align="right">
                  {l.low_at} {l.unit}
                </TableCell>
                <TableCell>
                  {l.expired && <Chip size="small" color="error" label={T.expired} sx={{ mr: 1 }} />}
                  {l.low && <Chip size="small" color="warning" label={T.low} />}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => adjust.open(l)}>
                    {T.adjustStock}
                  </Button>
                  <Button size="small" onClick={() => setHistoryOf(l)}>
                    {T.history}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
      <ReceiveLot receive={receive} />
      <AdjustDialog adjust={adjust} />
      <HistoryDialog lot={historyOf} onClose={() => setHistoryOf(null)} />
    </Box>
  );
}
