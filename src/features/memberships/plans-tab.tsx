// The back office's Memberships tab (ADMIN; issue 35): the membership plans with their period, fee
// and benefits; a plan is defined and edited in a dialog (name, fee, period, renewal, SAC code, one
// of the clinic's GST rates or exempt, included sessions per period and discounts) and retired
// rather than deleted. The form's rules are machines/memberships/plan-form.ts.
import { Alert, Box, Button, Checkbox, Chip, CircularProgress, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  type BenefitKind,
  type BenefitRow,
  canSavePlan,
  newBenefit,
  type PlanForm,
  planBody,
  planForm,
  planProblems,
} from '../../../machines/memberships/plan-form.ts';
import { formatPaise } from '../../lib/format.ts';
import { RecordTable } from '../../lib/record-table.tsx';
import { ActiveToggleDialog, CatalogueItemButtons } from '../../lib/staff/catalogue-item-actions.tsx';
import { FormDialog } from '../../lib/staff/form-dialog.tsx';
import type { MembershipPlan, ServiceChoice } from './memberships-api.ts';
import { useMembershipPlans } from './memberships-hooks.ts';
import { BENEFIT, PERIOD, PLANS_TEXT as T } from './texts.ts';

const percent = (bp: number) => `${bp / 100}%`;

/** A plan's benefits as people say them. */
export function benefitsText(plan: Pick<MembershipPlan, 'benefits'>): string {
  if (plan.benefits.length === 0) return T.noBenefits;
  return plan.benefits
    .map((b) => (b.kind === 'included' ? BENEFIT.included(b.sessions ?? 0, b.service_name ?? '') : BENEFIT.discount(b.percent ?? 0, b.service_name)))
    .join('; ');
}

function BenefitFields({
  row,
  index,
  services,
  onChange,
  onRemove,
}: {
  row: BenefitRow;
  index: number;
  services: ServiceChoice[];
  onChange: (row: BenefitRow) => void;
  onRemove: () => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }} data-benefit={index}>
      <TextField
        select
        size="small"
        label={T.kind}
        value={row.kind}
        onChange={(e) => onChange({ ...row, kind: e.target.value as BenefitKind })}
        sx={{ minWidth: 170 }}
      >
        {(['included', 'discount'] as const).map((k) => (
          <MenuItem key={k} value={k}>
            {T.kinds[k]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={T.service}
        value={row.service}
        onChange={(e) => onChange({ ...row, service: e.target.value })}
        // '' is every service (a discount's): shown by its name, not as an empty field.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 170 }}
      >
        {row.kind === 'discount' && <MenuItem value="">{T.everything}</MenuItem>}
        {services.map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="number"
        label={row.kind === 'included' ? T.sessions : T.percent}
        value={row.amount}
        onChange={(e) => onChange({ ...row, amount: e.target.value })}
        sx={{ width: { sm: 150 } }}
      />
      <IconButton aria-label={T.remove} onClick={onRemove} size="small">
        ×
      </IconButton>
    </Stack>
  );
}

export function MembershipPlansTab() {
  const { setup, data, edit, toggle, mayEdit } = useMembershipPlans();
  const rates = data?.rates ?? [];
  const services = data?.services ?? [];
  const [form, setForm] = useState<PlanForm>(() => planForm(null, rates));
  if (!data) {
    if (setup.failed)
      return (
        <Alert severity="error" action={<Button onClick={setup.retry}>{T.retry}</Button>}>
          {T.loadFailed} {setup.error}
        </Alert>
      );
    return <CircularProgress aria-label={T.title} />;
  }
  const openEdit = (plan: MembershipPlan | null) => {
    setForm(planForm(plan, rates));
    edit.open(plan);
  };
  const problems = planProblems(form, rates);
  // The server's refusal by field, else the form's own once something is typed there.
  const err = (field: string, own?: string) => edit.fieldErrors[field]?.join(' ') ?? own;
  const setBenefit = (i: number, row: BenefitRow) => setForm({ ...form, benefits: form.benefits.map((b, j) => (j === i ? row : b)) });
  const firstService = services[0] ? String(services[0].id) : '';
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {T.title}
      </Typography>
      {rates.length === 0 && <Alert severity="info">{T.noRates}</Alert>}
      {data.plans.length === 0 ? (
        <Typography color="text.secondary">{T.none}</Typography>
      ) : (
        <RecordTable
          label={T.table}
          rows={data.plans}
          rowProps={(p) => ({ 'data-plan': String(p.id) })}
          columns={[
            {
              header: T.plan,
              cell: (p) => (
                <>
                  {p.name} {!p.active && <Chip size="small" label={T.inactive} />}
                </>
              ),
            },
            { header: T.period, cell: (p) => `${PERIOD[p.period]} · ${p.auto_renew ? T.renews : T.doesNotRenew}` },
            { header: T.fee, cell: (p) => `${formatPaise(p.fee_paise)} · ${p.exempt ? T.exempt : `${T.rate} ${percent(p.gst_rate_bp)}`}` },
            { header: T.benefits, cell: (p) => benefitsText(p) },
          ]}
          actions={mayEdit ? (p) => <CatalogueItemButtons item={p} onEdit={openEdit} toggle={toggle} /> : undefined}
        />
      )}
      {mayEdit && (
        <Button sx={{ mt: 2 }} variant="outlined" onClick={() => openEdit(null)}>
          {T.newPlan}
        </Button>
      )}
      <FormDialog
        action={edit}
        id="membership-plan"
        title={edit.subject ? T.editPlan : T.newPlan}
        submitLabel={T.save}
        pendingLabel={T.saving}
        ready={canSavePlan(form, rates)}
        onSubmit={() => edit.submit(planBody(form) as unknown as Record<string, unknown>)}
      >
        <TextField
          label={T.name}
          required
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          error={!!err('name', form.name ? problems.name : undefined)}
          helperText={err('name', form.name ? problems.name : undefined)}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={T.feeRupees}
            required
            value={form.fee}
            onChange={(e) => setForm({ ...form, fee: e.target.value })}
            error={!!err('fee_paise', form.fee ? problems.fee : undefined)}
            helperText={err('fee_paise', form.fee ? problems.fee : undefined)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField select label={T.periodLabel} value={form.period} onChange={(e) => setForm({ ...form, period: e.target.value as PlanForm['period'] })}>
            {(['monthly', 'yearly'] as const).map((p) => (
              <MenuItem key={p} value={p}>
                {PERIOD[p]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={T.code}
            value={form.code}
            onChange={(e) => setForm({ ...form, code: e.target.value })}
            error={!!err('code', problems.code)}
            helperText={err('code', problems.code)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            select
            label={T.rate}
            value={rates.includes(form.gst_rate_bp) ? form.gst_rate_bp : ''}
            onChange={(e) => setForm({ ...form, gst_rate_bp: Number(e.target.value) })}
            error={!!err('gst_rate_bp', problems.gst_rate_bp)}
            helperText={err('gst_rate_bp', problems.gst_rate_bp)}
            sx={{ minWidth: 140 }}
          >
            {rates.map((r) => (
              <MenuItem key={r} value={r}>
                {percent(r)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Box>
          <FormControlLabel control={<Checkbox checked={form.exempt} onChange={(e) => setForm({ ...form, exempt: e.target.checked })} />} label={T.exempt} />
          <FormControlLabel
            control={<Checkbox checked={form.auto_renew} onChange={(e) => setForm({ ...form, auto_renew: e.target.checked })} />}
            label={T.autoRenew}
          />
          <FormControlLabel control={<Checkbox checked={form.active} onChange={(e) => setForm({ ...form, active: e.target.checked })} />} label={T.active} />
        </Box>
        <Typography variant="subtitle2" component="h3">
          {T.benefitsTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {T.benefitsHint}
        </Typography>
        {form.benefits.map((row, i) => (
          <BenefitFields
            key={i}
            row={row}
            index={i}
            services={services}
            onChange={(next) => setBenefit(i, next)}
            onRemove={() => setForm({ ...form, benefits: form.benefits.filter((_b, j) => j !== i) })}
          />
        ))}
        {(err('benefits', problems.benefits) || Object.keys(edit.fieldErrors).some((f) => f.startsWith('benefits'))) && (
          <Alert severity="error">
            {err('benefits', problems.benefits) ??
              Object.entries(edit.fieldErrors)
                .filter(([f]) => f.startsWith('benefits'))
                .flatMap(([, v]) => v)
                .join(' ')}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button
            size="small"
            disabled={services.length === 0}
            onClick={() => setForm({ ...form, benefits: [...form.benefits, newBenefit('included', firstService)] })}
          >
            {T.addIncluded}
          </Button>
          <Button size="small" onClick={() => setForm({ ...form, benefits: [...form.benefits, newBenefit('discount', firstService)] })}>
            {T.addDiscount}
          </Button>
        </Stack>
      </FormDialog>
      <ActiveToggleDialog toggle={toggle} whenDeactivated={T.activeHint} whenActivated={T.activeHint} />
    </>
  );
}
