// The back office's Reports (issue 35, docs/billing.md "Reports"): a report and a range of the
// clinic's days, then Show (a table in the clinic's formats: ₹ with Indian grouping, its date
// order) or Download CSV. Reads the chart only through the hook's named selectors.
import { Alert, Box, Button, Stack, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { BILLING_REPORTS, type BillingReportName, type BillingReportRow, REPORT_COLUMNS, type ReportColumn } from '../../../machines/billing/reports.ts';
import { formatDate, formatNumber, formatPaise } from '../../lib/format.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { useBillingReports } from './billing-settings-hooks.ts';
import { BILLING_REPORTS_TEXT as R } from './settings-texts.ts';

/** A cell as the clinic reads it; the total row's label is its word. */
export function reportCell(report: BillingReportName, column: ReportColumn, row: BillingReportRow, isTotal: boolean): string {
  if (column.key === 'label') {
    if (isTotal) return row.label;
    if (column.kind === 'date') return formatDate(row.label);
    return report === 'sales-by-payment-method' ? (R.methods[row.label] ?? row.label) : row.label;
  }
  const value = row[column.key] ?? 0;
  return column.kind === 'paise' ? formatPaise(value) : formatNumber(value);
}

function ReportTable({ result }: { result: NonNullable<ReturnType<typeof useBillingReports>['context']['result']> }) {
  const columns = REPORT_COLUMNS[result.report];
  const align = (c: ReportColumn) => (c.key === 'label' ? 'left' : 'right');
  return (
    <Box sx={{ mt: 2 }}>
      {result.as_of && (
        <Typography variant="body2" color="text.secondary" data-as-of>
          {R.asOf(formatDate(result.as_of))}
        </Typography>
      )}
      {result.rows.length === 0 ? (
        <Typography sx={{ mt: 1 }} data-report-empty>
          {R.empty}
        </Typography>
      ) : (
        <ScrollTable size="small" aria-label={R.names[result.report]} data-report-table>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={align(c)}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {result.rows.map((row, i) => (
              <TableRow key={`${row.label}-${row.client ?? i}`} data-report-row>
                {columns.map((c) => (
                  <TableCell key={c.key} align={align(c)}>
                    {reportCell(result.report, c, row, false)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            <TableRow data-report-total>
              {columns.map((c) => (
                <TableCell key={c.key} align={align(c)} sx={{ fontWeight: 600 }}>
                  {reportCell(result.report, c, result.total, true)}
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </ScrollTable>
      )}
    </Box>
  );
}

/** `today` is the clinic's date: the month so far is offered first. */
export function BillingReportsSection({ today }: { today: string }) {
  const r = useBillingReports(today);
  const busy = r.loading || r.downloading;
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="billing-reports-title"
      sx={{ mt: 4 }}
      onSubmit={(e) => {
        e.preventDefault();
        r.send({ type: 'reports.show' });
      }}
      data-billing-reports
    >
      <Typography id="billing-reports-title" variant="h6" component="h2">
        {R.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {R.intro}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          select
          label={R.report}
          value={r.context.report}
          onChange={(e) => r.send({ type: 'reports.report', report: e.target.value as BillingReportName })}
          disabled={busy}
          sx={{ minWidth: 260 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-field': 'report' } }}
        >
          {BILLING_REPORTS.map((name) => (
            <option key={name} value={name}>
              {R.names[name]}
            </option>
          ))}
        </TextField>
        {(['from', 'to'] as const).map((field) => (
          <TextField
            key={field}
            type="date"
            label={R[field]}
            value={r.context[field]}
            onChange={(e) => r.send(field === 'from' ? { type: 'reports.from', from: e.target.value } : { type: 'reports.to', to: e.target.value })}
            error={Boolean(r.problems[field])}
            helperText={r.problems[field]}
            disabled={busy}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-field': field } }}
          />
        ))}
        <Button type="submit" variant="contained" disabled={!r.canShow} sx={{ mt: { md: 1 } }}>
          {r.loading ? R.showing : R.show}
        </Button>
        <Button variant="outlined" disabled={!r.canDownload} onClick={() => r.send({ type: 'reports.download' })} sx={{ mt: { md: 1 } }}>
          {r.downloading ? R.downloading : R.downloadCsv}
        </Button>
      </Stack>
      {r.context.error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {r.context.error}
        </Alert>
      )}
      {r.context.saved && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {R.saved(r.context.saved)}
        </Alert>
      )}
      {r.context.result && <ReportTable result={r.context.result} />}
    </Box>
  );
}
