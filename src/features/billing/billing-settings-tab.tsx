// The back office's Billing tab (ADMIN; issue 34): the clinic's tax settings (legal name, GSTIN
// checked as it is typed, State, address, document number prefixes, UPI id and payee name, foot
// note), the SAC/HSN code, GST rate and exempt flag of every service, package and lab test, and
// the products catalogue, and the tills (issue 35). Renders machines/billing/tax-settings-machine.ts,
// billing-catalogue-machine.ts and tills-machine.ts; every rule is theirs (machines/billing/settings-form.ts).
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { ItemKind, ProductField } from '../../../machines/billing/billing-catalogue-machine.ts';
import { GST_STATES } from '../../../machines/billing/gstin.ts';
import { SERIES, type TaxSettingsField } from '../../../machines/billing/settings-form.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { clinicToday } from '../../lib/format.ts';
import { BillingReportsSection } from './billing-reports.tsx';
import { useBillingCatalogue, useGstReturns, useTaxSettings, useTills } from './billing-settings-hooks.ts';
import { percent, rupees } from './portal-texts.ts';
import { CATALOGUE_TEXT as C, GST_RETURNS_TEXT as R, TAX_SETTINGS_TEXT as T, TILLS_TEXT as L } from './settings-texts.ts';

const STATES = Object.entries(GST_STATES);

function TaxSettingsSection() {
  const s = useTaxSettings();
  const { form } = s.context;
  if (s.isLoading) return <CircularProgress aria-label={T.title} />;
  if (s.isFailed)
    return (
      <Alert severity="error" action={<Button onClick={() => s.send({ type: 'settings.retry' })}>{T.retry}</Button>}>
        {T.loadFailed}
      </Alert>
    );
  const field = (name: TaxSettingsField, label: string, value: string, extra: { help?: string; multiline?: boolean } = {}) => (
    <TextField
      label={label}
      value={value}
      onChange={(e) => s.send({ type: 'settings.edit', field: name, value: e.target.value })}
      error={Boolean(s.problems[name])}
      helperText={s.problems[name] ?? extra.help}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      fullWidth
      slotProps={{ htmlInput: { 'data-field': name } }}
    />
  );
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="tax-settings-title"
      onSubmit={(e) => {
        e.preventDefault();
        s.send({ type: 'settings.save' });
      }}
      data-tax-settings
    >
      <Typography id="tax-settings-title" variant="h6" component="h2">
        {T.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.intro}
      </Typography>
      {!s.context.configured && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.notConfigured}
        </Alert>
      )}
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        {field('legal_name', T.legalName, form.legal_name)}
        {field('gstin', T.gstin, form.gstin, { help: T.gstinHelp })}
        <TextField
          select
          label={T.state}
          value={form.state_code}
          onChange={(e) => s.send({ type: 'settings.edit', field: 'state_code', value: e.target.value })}
          error={Boolean(s.problems.state_code)}
          helperText={s.problems.state_code}
          fullWidth
        >
          {STATES.map(([code, name]) => (
            <MenuItem key={code} value={code}>{`${code} ${name}`}</MenuItem>
          ))}
        </TextField>
        {field('address', T.address, form.address, { multiline: true })}
        <Typography variant="subtitle2" component="h3">
          {T.prefixes}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {SERIES.map((series) => (
            <Box key={series}>{field(`prefix.${series}`, T.prefix[series], form.prefixes[series])}</Box>
          ))}
        </Box>
        {field('upi_vpa', T.upiVpa, form.upi_vpa, { help: T.upiVpaHelp })}
        {field('upi_payee_name', T.upiPayee, form.upi_payee_name)}
        {field('invoice_note', T.footNote, form.invoice_note, { help: T.footNoteHelp, multiline: true })}
        {s.context.message && (
          <Alert severity="error" role="alert">
            {s.context.message}
          </Alert>
        )}
        {s.context.saved && <Alert severity="success">{T.saved}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={!s.canSave}>
            {s.isSaving ? T.saving : T.save}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function EditDialog({ c }: { c: ReturnType<typeof useBillingCatalogue> }) {
  const editing = c.context.editing;
  if (!editing) return null;
  const { form, target } = editing;
  const isProduct = target.kind === 'product';
  const change = (field: ProductField, value: string | number | boolean) => c.send({ type: 'catalogue.change', field, value });
  const problems = c.problems as Partial<Record<ProductField, string>>;
  const title = isProduct ? (target.id === null ? C.newProductTitle : form.name) : C.editTax(form.name);
  return (
    <Dialog open onClose={() => c.send({ type: 'catalogue.cancel' })} fullWidth maxWidth="sm" aria-labelledby="billing-edit-title">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          c.send({ type: 'catalogue.save' });
        }}
      >
        <DialogTitle id="billing-edit-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {isProduct && (
              <TextField
                label={C.productName}
                value={form.name}
                onChange={(e) => change('name', e.target.value)}
                error={Boolean(problems.name)}
                helperText={problems.name}
                fullWidth
              />
            )}
            {isProduct && (
              <TextField
                label={C.unitPrice}
                value={form.price}
                onChange={(e) => change('price', e.target.value)}
                error={Boolean(problems.price)}
                helperText={problems.price}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                fullWidth
              />
            )}
            <TextField
              label={C.code}
              value={form.code}
              onChange={(e) => change('code', e.target.value)}
              error={Boolean(problems.code)}
              helperText={problems.code}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              fullWidth
            />
            <TextField
              select
              label={C.rate}
              value={form.gst_rate_bp}
              onChange={(e) => change('gst_rate_bp', Number(e.target.value))}
              error={Boolean(problems.gst_rate_bp)}
              helperText={problems.gst_rate_bp}
              fullWidth
            >
              {c.context.rates.map((rate) => (
                <MenuItem key={rate} value={rate}>
                  {percent(rate)}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel control={<Checkbox checked={form.exempt} onChange={(e) => change('exempt', e.target.checked)} />} label={C.exempt} />
            {isProduct && (
              <FormControlLabel control={<Checkbox checked={form.active} onChange={(e) => change('active', e.target.checked)} />} label={C.active} />
            )}
            {c.context.message && (
              <Alert severity="error" role="alert">
                {c.context.message}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => c.send({ type: 'catalogue.cancel' })}>{C.cancel}</Button>
          <Button type="submit" variant="contained" disabled={!c.canSave}>
            {C.save}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

const treatment = (row: { exempt: boolean; gst_rate_bp: number }) => (row.exempt ? C.exempt : `${C.taxable} ${percent(row.gst_rate_bp)}`);

function CatalogueSection() {
  const c = useBillingCatalogue();
  if (c.isLoading) return <CircularProgress aria-label={C.itemsTitle} />;
  if (c.isFailed)
    return (
      <Alert severity="error" action={<Button onClick={() => c.send({ type: 'catalogue.retry' })}>{C.retry}</Button>}>
        {C.loadFailed}
      </Alert>
    );
  const busy = c.isBusy;
  const { items, products } = c.context;
  return (
    <>
      <Box component="section" aria-labelledby="billing-items-title" sx={{ mt: 4 }} data-billing-items>
        <Typography id="billing-items-title" variant="h6" component="h2">
          {C.itemsTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {C.itemsIntro}
        </Typography>
        <ScrollTable size="small" aria-labelledby="billing-items-title">
          <TableHead>
            <TableRow>
              <TableCell>{C.name}</TableCell>
              <TableCell align="right">{C.price}</TableCell>
              <TableCell>{C.code}</TableCell>
              <TableCell>{C.treatment}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={`${item.item_kind}-${item.item_id}`} data-item={`${item.item_kind}:${item.item_id}`}>
                <TableCell>
                  {item.name}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {C.kind[item.item_kind as ItemKind]}
                  </Typography>
                </TableCell>
                <TableCell align="right">{rupees(item.price_paise)}</TableCell>
                <TableCell>{item.code ?? ''}</TableCell>
                <TableCell>{item.set ? treatment(item) : C.notSet}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    disabled={busy}
                    aria-label={C.editLabel(item.name)}
                    onClick={() => c.send({ type: 'catalogue.editItem', item_kind: item.item_kind, item_id: item.item_id })}
                  >
                    {C.edit}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      </Box>
      <Box component="section" aria-labelledby="billing-products-title" sx={{ mt: 4 }} data-billing-products>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography id="billing-products-title" variant="h6" component="h2">
            {C.productsTitle}
          </Typography>
          <Button variant="outlined" disabled={busy} onClick={() => c.send({ type: 'catalogue.newProduct' })}>
            {C.newProduct}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {C.productsIntro}
        </Typography>
        {!c.context.editing && c.context.message && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {c.context.message}
          </Alert>
        )}
        {products.length === 0 && <Typography>{C.noProducts}</Typography>}
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
          {products.map((p) => (
            <Card key={p.id} variant="outlined" component="li" sx={{ listStyle: 'none' }} data-product={p.id}>
              <CardContent sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <Box>
                  <Typography variant="subtitle2">{p.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[rupees(p.unit_price_paise), p.code, treatment(p), p.active ? null : C.retired].filter(Boolean).join(' · ')}
                  </Typography>
                </Box>
                <Box>
                  <Button size="small" disabled={busy} aria-label={C.editLabel(p.name)} onClick={() => c.send({ type: 'catalogue.editProduct', id: p.id })}>
                    {C.edit}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={busy}
                    aria-label={C.deleteLabel(p.name)}
                    onClick={() => c.send({ type: 'catalogue.delete', id: p.id })}
                  >
                    {C.delete}
                  </Button>
                </Box>
              </CardContent>
            </Card>
          ))}
        </Stack>
      </Box>
      <EditDialog c={c} />
    </>
  );
}

/** The clinic's tills (issue 35): listed oldest first, one added or renamed at a time; never deleted. */
export function TillsSection() {
  const t = useTills();
  const { tills, editing, message } = t.context;
  if (t.isLoading && tills.length === 0) return <CircularProgress aria-label={L.title} />;
  if (t.isFailed)
    return (
      <Alert severity="error" action={<Button onClick={() => t.send({ type: 'tills.retry' })}>{L.retry}</Button>}>
        {L.loadFailed}
      </Alert>
    );
  const busy = !t.isEditing && t.isLoading;
  return (
    <Box component="section" aria-labelledby="billing-tills-title" sx={{ mt: 4 }} data-billing-tills>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography id="billing-tills-title" variant="h6" component="h2">
          {L.title}
        </Typography>
        <Button variant="outlined" disabled={busy || t.isEditing} onClick={() => t.send({ type: 'tills.add' })}>
          {L.add}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {L.intro}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {tills.map((till, i) => (
          <Card key={till.id} variant="outlined" component="li" sx={{ listStyle: 'none' }} data-till={till.id}>
            <CardContent sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <Box>
                <Typography variant="subtitle2">{till.name}</Typography>
                {i === 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {L.first}
                  </Typography>
                )}
              </Box>
              <Button
                size="small"
                disabled={busy || t.isEditing}
                aria-label={L.renameLabel(till.name)}
                onClick={() => t.send({ type: 'tills.rename', id: till.id })}
              >
                {L.rename}
              </Button>
            </CardContent>
          </Card>
        ))}
      </Stack>
      {editing && (
        <Dialog open onClose={() => !t.isSaving && t.send({ type: 'tills.cancel' })} fullWidth maxWidth="xs" aria-labelledby="billing-till-title">
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              t.send({ type: 'tills.save' });
            }}
          >
            <DialogTitle id="billing-till-title">
              {editing.id === null ? L.addTitle : L.renameTitle(tills.find((x) => x.id === editing.id)?.name ?? '')}
            </DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                <TextField
                  label={L.name}
                  value={editing.name}
                  onChange={(e) => t.send({ type: 'tills.name', value: e.target.value })}
                  error={editing.name !== '' && t.nameProblem !== null}
                  helperText={editing.name !== '' ? (t.nameProblem ?? undefined) : undefined}
                  disabled={t.isSaving}
                  autoFocus
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 60, 'data-field': 'till-name' } }}
                />
                {message && (
                  <Alert severity="error" role="alert">
                    {message}
                  </Alert>
                )}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button disabled={t.isSaving} onClick={() => t.send({ type: 'tills.cancel' })}>
                {L.cancel}
              </Button>
              <Button type="submit" variant="contained" disabled={!t.canSave}>
                {t.isSaving ? L.saving : L.save}
              </Button>
            </DialogActions>
          </Box>
        </Dialog>
      )}
    </Box>
  );
}

/** The month's GSTR-1 downloaded (issue 35); `today` is the clinic's date, so the month just ended is offered first. */
export function GstReturnsSection({ today }: { today: string }) {
  const g = useGstReturns(today);
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="gst-returns-title"
      sx={{ mt: 4 }}
      onSubmit={(e) => {
        e.preventDefault();
        g.send({ type: 'returns.download' });
      }}
      data-gst-returns
    >
      <Typography id="gst-returns-title" variant="h6" component="h2">
        {R.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {R.intro}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ maxWidth: 640, alignItems: { sm: 'flex-start' } }}>
        <TextField
          type="month"
          label={R.month}
          value={g.context.month}
          onChange={(e) => g.send({ type: 'returns.month', month: e.target.value })}
          error={Boolean(g.problem)}
          helperText={g.problem ?? undefined}
          disabled={g.downloading}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-field': 'month' } }}
        />
        <Button type="submit" variant="contained" disabled={!g.canDownload} sx={{ mt: { sm: 1 } }}>
          {g.downloading ? R.downloading : R.download}
        </Button>
      </Stack>
      {g.context.error && (
        <Alert severity="error" role="alert" sx={{ mt: 2, maxWidth: 640 }}>
          {g.context.error}
        </Alert>
      )}
      {g.context.saved && (
        <Alert severity="success" sx={{ mt: 2, maxWidth: 640 }}>
          {R.saved(g.context.saved)}
        </Alert>
      )}
    </Box>
  );
}

export function BillingSettingsTab() {
  return (
    <Box data-billing-settings>
      <TaxSettingsSection />
      <CatalogueSection />
      <TillsSection />
      <GstReturnsSection today={clinicToday()} />
      <BillingReportsSection today={clinicToday()} />
    </Box>
  );
}
