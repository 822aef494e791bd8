// The stock lots IV doses are drawn from: each lot with its quantity, expiry and flags (low stock
// at or below its level, expired past its date, both from the server), a warning when any lot runs
// low, and a form to receive a lot.
import { Alert, Box, Button, Chip, Grid, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { ActionHandle } from '../../../lib/staff/hooks';
import { formatDate } from '../../../lib/format';
import type { StockLot } from './therapies-api';
import { THERAPIES_TEXT as T } from './texts';

const FIELDS = [
  ['item', T.item],
  ['lot_number', T.lotNumber],
  ['expires_on', T.expiresOn],
  ['quantity', T.quantity],
  ['unit', T.unit],
  ['low_at', T.lowAt],
] as const;
type Field = (typeof FIELDS)[number][0];
const NUMERIC: Field[] = ['quantity', 'low_at'];

export function lotBody(values: Record<Field, string>) {
  const body: Record<string, unknown> = {};
  for (const [f] of FIELDS) {
    const text = values[f].trim();
    if (f === 'low_at' && text === '') continue;
    body[f] = NUMERIC.includes(f) && /^\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  }
  return body;
}

function ReceiveLot({ receive }: { receive: ActionHandle<null> }) {
  const [values, setValues] = useState(Object.fromEntries(FIELDS.map(([f]) => [f, ''])) as Record<Field, string>);
  return (
    <form noValidate aria-label={T.receiveLot} onSubmit={(e) => { e.preventDefault(); receive.save(lotBody(values)); }}>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>{T.receiveLot}</Typography>
      {receive.error && <Alert severity="error" sx={{ my: 1 }}>{receive.error}</Alert>}
      <Grid container spacing={2} sx={{ mt: 0 }}>
        {FIELDS.map(([f, label]) => {
          const err = receive.fieldErrors[f]?.join(' ');
          return (
            <Grid key={f} size={{ xs: 12, sm: 6, md: 4 }}>
              <TextField
                fullWidth
                size="small"
                label={label}
                type={f === 'expires_on' ? 'date' : 'text'}
                slotProps={f === 'expires_on' ? { inputLabel: { shrink: true } } : NUMERIC.includes(f) ? { htmlInput: { inputMode: 'decimal' } } : undefined}
                value={values[f]}
                onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
                error={!!err}
                helperText={err}
              />
            </Grid>
          );
        })}
      </Grid>
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={receive.pending}>{receive.pending ? T.saving : T.saveLot}</Button>
    </form>
  );
}

export function StockLots({ lots, receive }: { lots: StockLot[]; receive: ActionHandle<null> }) {
  const low = lots.filter((l) => l.low && !l.expired).length;
  return (
    <Box data-stock-lots>
      {low > 0 && <Alert severity="warning" role="alert" sx={{ mb: 2 }}>{T.lowWarning(low)}</Alert>}
      {lots.length === 0 ? (
        <Typography>{T.lotsEmpty}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={T.lotsTitle}>
            <TableHead>
              <TableRow>
                <TableCell>{T.item}</TableCell>
                <TableCell>{T.lotNumber}</TableCell>
                <TableCell>{T.expiresOn}</TableCell>
                <TableCell align="right">{T.quantity}</TableCell>
                <TableCell align="right">{T.lowAt}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {lots.map((l) => (
                <TableRow key={l.id} data-lot={l.lot_number} data-low={l.low} data-expired={l.expired}>
                  <TableCell>{l.item}</TableCell>
                  <TableCell>{l.lot_number}</TableCell>
                  <TableCell>{formatDate(l.expires_on)}</TableCell>
                  <TableCell align="right">{l.quantity} {l.unit}</TableCell>
                  <TableCell align="right">{l.low_at} {l.unit}</TableCell>
                  <TableCell>
                    {l.expired && <Chip size="small" color="error" label={T.expired} sx={{ mr: 1 }} />}
                    {l.low && <Chip size="small" color="warning" label={T.low} />}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <ReceiveLot receive={receive} />
    </Box>
  );
}
