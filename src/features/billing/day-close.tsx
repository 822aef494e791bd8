// The billing desk's "Day's close" (issue 35): a till and a day, what the till should hold per
// method, the counted cash with its difference shown as it is typed (a reason when short or over),
// Count, then Close; a closed day read-only with who closed it and when. Renders the day's close
// chart (machines/billing/day-close-machine.ts) through its named selectors.
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
  MenuItem,
  Stack,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { TILL_METHODS } from '../../../machines/billing/till-day.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { useDayClose } from './billing-hooks.ts';
import { BILLING_TEXT as T, formatPaise } from './billing-texts.ts';

const STATUS_COLOR = { open: 'default', counted: 'warning', closed: 'success' } as const;

/** The difference in words: "Matches", "₹100.00 short", "₹50.00 over". */
export const differenceWords = (diff: number): string => T.differenceText(formatPaise(Math.abs(diff)), diff);

export function DayClosePanel() {
  const d = useDayClose();
  const { data, tills, till, day, counted, reason, error } = d.context;
  return (
    <Box component="section" aria-labelledby="day-close-title" data-day-close>
      <Typography id="day-close-title" variant="h6" component="h2">
        {T.dayCloseTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.dayCloseHelp}
      </Typography>
      {d.isFailed && (
        <Alert severity="error" action={<Button onClick={() => d.send({ type: 'day.retry' })}>{T.retry}</Button>}>
          {T.dayCloseFailed} {error}
        </Alert>
      )}
      {d.isLoading && <CircularProgress aria-label={T.dayCloseTitle} />}
      {data && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
            <TextField
              select
              size="small"
              label={T.till}
              value={till ?? ''}
              onChange={(e) => d.send({ type: 'day.till', till: Number(e.target.value) })}
              disabled={d.isSaving}
              sx={{ minWidth: 180 }}
              slotProps={{ htmlInput: { 'data-field': 'till' } }}
            >
              {tills.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              size="small"
              label={T.businessDay}
              value={day}
              onChange={(e) => d.send({ type: 'day.date', day: e.target.value })}
              disabled={d.isSaving}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-field': 'day' } }}
            />
            <Chip label={T.dayStatus[data.status]} color={STATUS_COLOR[data.status]} data-day-status={data.status} />
          </Stack>
          <ScrollTable size="small" aria-label={T.dayCloseTitle}>
            <TableHead>
              <TableRow>
                <TableCell>{T.expectedColumns.method}</TableCell>
                <TableCell align="right">{T.expectedColumns.expected}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {TILL_METHODS.map((m) => (
                <TableRow key={m} data-method={m}>
                  <TableCell>{T.tillMethods[m]}</TableCell>
                  <TableCell align="right">{formatPaise(data.expected[`${m}_paise`])}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-advance-applied>
            {T.advanceApplied(formatPaise(data.advance_applied_paise))}
          </Typography>
          {d.showsCount && (
            <Box
              component="form"
              noValidate
              sx={{ mt: 2 }}
              onSubmit={(e) => {
                e.preventDefault();
                d.send({ type: 'day.count' });
              }}
            >
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
                <TextField
                  size="small"
                  label={T.countedCash}
                  value={counted}
                  onChange={(e) => d.send({ type: 'day.counted', value: e.target.value })}
                  error={counted !== '' && d.problem === 'counted'}
                  helperText={counted !== '' && d.problem === 'counted' ? T.countedProblem : undefined}
                  disabled={d.isSaving}
                  slotProps={{ htmlInput: { inputMode: 'decimal', 'data-field': 'counted' } }}
                />
                <Typography sx={{ pt: 1 }} data-difference>
                  {d.difference === null ? '' : `${T.difference}: ${differenceWords(d.difference)}`}
                </Typography>
              </Stack>
              {d.difference !== null && d.difference !== 0 && (
                <TextField
                  size="small"
                  fullWidth
                  label={T.countReason}
                  value={reason}
                  onChange={(e) => d.send({ type: 'day.reason', value: e.target.value })}
                  error={d.problem === 'reason'}
                  helperText={d.problem === 'reason' ? T.countReasonProblem : undefined}
                  disabled={d.isSaving}
                  sx={{ mt: 2, maxWidth: 520 }}
                  slotProps={{ htmlInput: { 'data-field': 'reason', maxLength: 500 } }}
                />
              )}
              <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
                <Button type="submit" variant="outlined" disabled={!d.canCount}>
                  {d.isCounting ? T.counting : T.count}
                </Button>
                <Button variant="contained" disabled={!d.canClose} onClick={() => d.send({ type: 'day.close' })}>
                  {d.isClosing ? T.closing : T.closeDay}
                </Button>
              </Stack>
            </Box>
          )}
          {data.counted_cash_paise !== null && data.difference_paise !== null && (
            <Typography variant="body2" sx={{ mt: 2 }} data-counted>
              {T.countedSummary(formatPaise(data.counted_cash_paise), differenceWords(data.difference_paise))}
              {data.reason ? ` — ${data.reason}` : ''}
            </Typography>
          )}
          {data.counted_by && data.counted_at && (
            <Typography variant="body2" color="text.secondary" data-counted-by>
              {T.countedBy(data.counted_by.name, formatDateTime(data.counted_at))}
            </Typography>
          )}
          {d.isClosed && data.closed_by && data.closed_at && (
            <Typography variant="body2" color="text.secondary" data-closed-by>
              {T.closedBy(data.closed_by.name, formatDateTime(data.closed_at))}
            </Typography>
          )}
          {error && !d.isFailed && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </>
      )}
    </Box>
  );
}

/** The desk's button that opens the day's close. */
export function DayCloseButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {T.dayClose}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" aria-labelledby="day-close-dialog-title">
        <DialogTitle id="day-close-dialog-title">{T.dayClose}</DialogTitle>
        <DialogContent>{open && <DayClosePanel />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{T.closeDialogDone}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
