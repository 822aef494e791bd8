// The package catalogue: sessions of one therapy at a price, valid for some days from the sale.
// A deactivated package is no longer sold; packages already sold keep their sessions and expiry.
import { Alert, Button, Chip, FormControlLabel, FormHelperText, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useShell } from '../../../app/port.ts';
import { formatCurrency } from '../../../lib/format.ts';
import { ActiveToggleDialog, CatalogueItemButtons } from '../../../lib/staff/catalogue-item-actions.tsx';
import { FormDialog } from '../../../lib/staff/form-dialog.tsx';
import { useAction } from '../../../lib/staff/hooks.ts';
import { canSavePlan, EMPTY_PLAN_FORM, planBody, planForm } from '../../../../machines/appointments/setup-forms.ts';
import { words } from '../../../../machines/rules/words.ts';
import { DEFAULT_THERAPY_SETTINGS } from '../../../../machines/visits/visit-settings.ts';
import { createPlan, type PackagePlan, patchPlan, type Service } from '../appointments-api.ts';
import { usePlans, useServices } from './scheduling-hooks.ts';
import {
  EDIT_PLAN,
  NEW_PLAN,
  NO_THERAPIES,
  PLAN_FREEZE_HINT,
  PLAN_FREEZE_LABEL,
  PLAN_SAVED,
  PLAN_SHAREABLE_HINT,
  PLAN_SHAREABLE_LABEL,
  PLAN_THERAPY_HELP,
} from './texts.ts';
import { NumberField } from '../../../lib/number-field.tsx';
import { RecordTable } from '../../../lib/record-table.tsx';

/**
 * The therapies a package may pay for (issue 32: chosen, not typed): those the clinic's services
 * deliver, named as people say them (the charted therapies' names, else the services' names).
 */
export function therapyChoices(services: Pick<Service, 'therapy' | 'name'>[], keep?: string): Array<{ value: string; label: string }> {
  const names = DEFAULT_THERAPY_SETTINGS.display_names as Record<string, string>;
  const byTherapy = new Map<string, string[]>();
  for (const s of services) byTherapy.set(s.therapy, [...(byTherapy.get(s.therapy) ?? []), s.name]);
  if (keep && !byTherapy.has(keep)) byTherapy.set(keep, []);
  return [...byTherapy.entries()]
    .map(([value, serviceNames]) => ({ value, label: names[value] ?? (serviceNames.join(', ') || value) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export function PackagesTab() {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const plans = usePlans();
  const services = useServices();
  const [form, setForm] = useState(EMPTY_PLAN_FORM);
  const choices = therapyChoices((services.data ?? []) as Service[], form.therapy || undefined);
  // A plan whose therapy no service offers (any more) still reads in words, never as its code.
  const labelOf = (therapy: string) => choices.find((c) => c.value === therapy)?.label ?? words(therapy);
  const edit = useAction<PackagePlan | null>(
    (plan, v) => {
      const body = v as ReturnType<typeof planBody>;
      return plan ? patchPlan(api, plan.id, body) : createPlan(api, body);
    },
    (_p, out) => {
      enqueueSnackbar(PLAN_SAVED((out as PackagePlan).name), { variant: 'success' });
      plans.reload();
    },
  );
  const toggle = useAction<PackagePlan | null>(
    (plan) => patchPlan(api, plan!.id, { active: !plan!.active }),
    (_p, out) => {
      enqueueSnackbar(PLAN_SAVED((out as PackagePlan).name), { variant: 'success' });
      plans.reload();
    },
  );
  const openEdit = (plan: PackagePlan | null) => {
    setForm(planForm(plan));
    edit.open(plan);
  };
  const rows = (plans.data ?? []) as PackagePlan[];
  const err = (f: string) => edit.fieldErrors[f]?.join(' ');
  return (
    <>
      {plans.failed && <Alert severity="error">{plans.error}</Alert>}
      {rows.length === 0 && plans.data !== null && <Typography color="text.secondary">No packages yet.</Typography>}
      {rows.length > 0 && (
        <RecordTable
          label="Packages"
          rows={rows}
          columns={[
            {
              header: 'Package',
              cell: (p) => (
                <>
                  {p.name} {!p.active && <Chip size="small" label="Inactive" />}
                </>
              ),
            },
            { header: 'Therapy', cell: (p) => labelOf(p.therapy) },
            { header: 'Sessions', cell: (p) => p.sessions },
            { header: 'Price', cell: (p) => formatCurrency(p.price_inr) },
            { header: 'Valid for', cell: (p) => (p.validity_days === null ? 'No expiry' : `${p.validity_days} days`) },
          ]}
          actions={(p) => <CatalogueItemButtons item={p} onEdit={openEdit} toggle={toggle} />}
        />
      )}
      <Button sx={{ mt: 2 }} variant="outlined" onClick={() => openEdit(null)}>
        {NEW_PLAN}
      </Button>
      <FormDialog
        action={edit}
        id="plan"
        title={edit.subject ? EDIT_PLAN : NEW_PLAN}
        submitLabel="Save package"
        pendingLabel="Saving…"
        ready={canSavePlan(form)}
        onSubmit={() => edit.submit(planBody(form))}
      >
        <TextField
          label="Name"
          required
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          error={!!err('name')}
          helperText={err('name')}
        />
        <TextField
          select
          label="Therapy"
          required
          value={form.therapy}
          onChange={(e) => setForm({ ...form, therapy: e.target.value })}
          error={!!err('therapy') || choices.length === 0}
          helperText={err('therapy') ?? (choices.length === 0 ? NO_THERAPIES : PLAN_THERAPY_HELP)}
        >
          {choices.map((c) => (
            <MenuItem key={c.value} value={c.value}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <NumberField label="Sessions" required value={form.sessions} onChange={(sessions) => setForm({ ...form, sessions })} error={err('sessions')} />
          <NumberField label="Price (₹)" value={form.price_inr} onChange={(price_inr) => setForm({ ...form, price_inr })} error={err('price_inr')} />
          <NumberField
            label="Valid for (days)"
            value={form.validity_days}
            onChange={(validity_days) => setForm({ ...form, validity_days })}
            error={err('validity_days')}
            hint="Empty: no expiry"
          />
        </Stack>
        <NumberField
          label={PLAN_FREEZE_LABEL}
          value={form.freeze_allowance_days}
          onChange={(freeze_allowance_days) => setForm({ ...form, freeze_allowance_days })}
          error={err('freeze_allowance_days')}
          hint={PLAN_FREEZE_HINT}
        />
        <div>
          <FormControlLabel
            control={
              <Switch
                checked={form.shareable_in_family}
                onChange={(e) => setForm({ ...form, shareable_in_family: e.target.checked })}
                slotProps={{ input: { 'aria-describedby': 'plan-shareable-hint' } }}
              />
            }
            label={PLAN_SHAREABLE_LABEL}
          />
          <FormHelperText id="plan-shareable-hint" error={!!err('shareable_in_family')}>
            {err('shareable_in_family') ?? PLAN_SHAREABLE_HINT}
          </FormHelperText>
        </div>
      </FormDialog>
      <ActiveToggleDialog
        toggle={toggle}
        whenDeactivated="It is no longer sold; packages already sold keep their sessions and expiry."
        whenActivated="It is sold again."
      />
    </>
  );
}
