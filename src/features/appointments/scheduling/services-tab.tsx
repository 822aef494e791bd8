// Services: duration, buffers, the resource units they need, who may deliver them, price and
// whether clients book them online. A change to an existing service goes through the impact
// check, so booked appointments never break silently.
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useShell } from '../../../app/port.ts';
import { formatCurrency } from '../../../lib/format.ts';
import { ROLE_LABELS } from '../../../lib/staff/format.ts';
import { useAction } from '../../../lib/staff/hooks.ts';
import { ImpactDialog } from './impact-dialog.tsx';
import { createService, patchService, previewServiceImpact, type Service, type ServicePatch } from '../appointments-api.ts';
import { useImpactedChange, useResources, useServices } from './scheduling-hooks.ts';
import { EDIT_SERVICE, NEW_SERVICE, SERVICE_SAVED } from './texts.ts';
import { useSnackbar } from 'notistack';
import { wordsInSentence } from '../../../../machines/rules/words.ts';
import { NumberField } from '../../../lib/number-field.tsx';
import { RecordTable } from '../../../lib/record-table.tsx';

const ROLES = ['NURSE', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'RECEPTION', 'ADMIN', 'SUPER_ADMIN'] as const;
type Role = (typeof ROLES)[number];

interface Form {
  name: string;
  therapy: string;
  duration: string;
  before: string;
  after: string;
  units: Record<string, string>;
  roles: Role[];
  price: string;
  online: boolean;
  active: boolean;
}

const EMPTY: Form = { name: '', therapy: '', duration: '60', before: '0', after: '0', units: {}, roles: ['NURSE'], price: '0', online: false, active: true };

function formOf(s: Service): Form {
  return {
    name: s.name,
    therapy: s.therapy,
    duration: s.duration_minutes === null ? '' : String(s.duration_minutes),
    before: String(s.buffer_before_minutes),
    after: String(s.buffer_after_minutes),
    units: Object.fromEntries(s.resources_needed.map((n) => [n.kind, String(n.units)])),
    roles: s.delivered_by as Role[],
    price: String(s.price_inr),
    online: s.bookable_online,
    active: s.active,
  };
}

function bodyOf(f: Form) {
  return {
    name: f.name.trim(),
    therapy: f.therapy.trim(),
    duration_minutes: f.duration.trim() === '' ? null : Number(f.duration),
    buffer_before_minutes: Number(f.before),
    buffer_after_minutes: Number(f.after),
    resources_needed: Object.entries(f.units)
      .filter(([, u]) => Number(u) > 0)
      .map(([kind, units]) => ({ kind, units: Number(units) })),
    delivered_by: f.roles,
    price_inr: Number(f.price),
    bookable_online: f.online,
    active: f.active,
  };
}

/** Only what changed: the impact check judges the change, not the whole service. */
function patchOf(s: Service, f: Form): ServicePatch {
  const next = bodyOf(f);
  const now = bodyOf(formOf(s));
  return Object.fromEntries(Object.entries(next).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(now[k as keyof typeof now]))) as ServicePatch;
}

export function ServicesTab() {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const services = useServices();
  const resources = useResources();
  const [form, setForm] = useState<Form>(EMPTY);
  const [editing, setEditing] = useState<Service | null>(null);
  const create = useAction<null>(
    (_s, v) => createService(api, bodyOf(v as unknown as Form)),
    (_s, out) => {
      enqueueSnackbar(SERVICE_SAVED((out as Service).name), { variant: 'success' });
      services.reload();
    },
  );
  const change = useImpactedChange<{ id: number; patch: ServicePatch }>(
    (c) => previewServiceImpact(api, c.id, c.patch),
    (c) => patchService(api, c.id, c.patch),
    () => SERVICE_SAVED(form.name.trim()),
    () => {
      setEditing(null);
      services.reload();
    },
  );
  const kinds = resources.data?.kinds ?? [];
  const rows = (services.data ?? []) as Service[];
  const openNew = () => {
    setForm(EMPTY);
    create.open(null);
  };
  const openEdit = (s: Service) => {
    setForm(formOf(s));
    change.dismiss();
    setEditing(s);
  };
  const errors = editing ? change.fieldErrors : create.fieldErrors;
  const err = (f: string) => errors[f]?.join(' ');
  const open = create.isOpen || editing !== null;
  const pending = create.pending || change.pending;
  const patch = editing ? patchOf(editing, form) : null;
  const close = () => (editing ? setEditing(null) : create.cancel());
  return (
    <>
      {services.failed && <Alert severity="error">{services.error}</Alert>}
      <RecordTable
        label="Services"
        rows={rows}
        columns={[
          {
            header: 'Service',
            cell: (s) => (
              <>
                {s.name} {!s.active && <Chip size="small" label="Inactive" />}
              </>
            ),
          },
          { header: 'Minutes', cell: (s) => s.duration_minutes ?? 'Client’s' },
          { header: 'Buffers', cell: (s) => `${s.buffer_before_minutes} / ${s.buffer_after_minutes}` },
          { header: 'Needs', cell: (s) => s.resources_needed.map((n) => `${n.units} × ${wordsInSentence(n.kind)}`).join(', ') || '—' },
          { header: 'Delivered by', cell: (s) => s.delivered_by.map((r) => ROLE_LABELS[r] ?? r).join(', ') },
          { header: 'Price', cell: (s) => formatCurrency(s.price_inr) },
          { header: 'Online', cell: (s) => (s.bookable_online ? 'Yes' : 'No') },
        ]}
        actions={(s) => (
          <Button size="small" onClick={() => openEdit(s)} aria-label={`Edit ${s.name}`}>
            Edit
          </Button>
        )}
      />
      <Button sx={{ mt: 2 }} variant="outlined" onClick={openNew}>
        {NEW_SERVICE}
      </Button>
      <Dialog open={open} onClose={() => !pending && close()} aria-labelledby="service-title" fullWidth maxWidth="sm">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (editing) change.save({ id: editing.id, patch: patch! });
            else create.submit(form as unknown as Record<string, unknown>);
          }}
        >
          <DialogTitle id="service-title">{editing ? EDIT_SERVICE : NEW_SERVICE}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ mt: 1 }}>
              {(editing ? change.error : create.error) && <Alert severity="error">{editing ? change.error : create.error}</Alert>}
              <TextField
                label="Name"
                required
                value={form.name}
                onChange={(e) => setForm({ ...form, name: e.target.value })}
                error={!!err('name')}
                helperText={err('name')}
              />
              <TextField
                label="Therapy"
                required
                value={form.therapy}
                onChange={(e) => setForm({ ...form, therapy: e.target.value })}
                error={!!err('therapy')}
                helperText={err('therapy') ?? 'e.g. hbot, iv, sauna, consultation'}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <NumberField
                  label="Duration (minutes)"
                  value={form.duration}
                  onChange={(duration) => setForm({ ...form, duration })}
                  error={err('duration_minutes')}
                  hint="Empty: the client’s usual length"
                />
                <NumberField
                  label="Buffer before"
                  value={form.before}
                  onChange={(before) => setForm({ ...form, before })}
                  error={err('buffer_before_minutes')}
                />
                <NumberField label="Buffer after" value={form.after} onChange={(after) => setForm({ ...form, after })} error={err('buffer_after_minutes')} />
              </Stack>
              <FormGroup>
                <FormLabel component="legend">Resource units needed</FormLabel>
                <Stack direction="row" useFlexGap sx={{ mt: 1, flexWrap: 'wrap', gap: 2 }}>
                  {kinds.map((k) => (
                    <TextField
                      key={k.kind}
                      size="small"
                      type="number"
                      label={k.label}
                      sx={{ width: 160 }}
                      value={form.units[k.kind] ?? '0'}
                      onChange={(e) => setForm({ ...form, units: { ...form.units, [k.kind]: e.target.value } })}
                    />
                  ))}
                </Stack>
              </FormGroup>
              <FormGroup>
                <FormLabel component="legend">Roles allowed to deliver it</FormLabel>
                <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
                  {ROLES.map((r) => (
                    <FormControlLabel
                      key={r}
                      label={ROLE_LABELS[r]}
                      control={
                        <Checkbox
                          checked={form.roles.includes(r)}
                          onChange={(e) => setForm({ ...form, roles: e.target.checked ? [...form.roles, r] : form.roles.filter((x) => x !== r) })}
                        />
                      }
                    />
                  ))}
                </Stack>
              </FormGroup>
              <NumberField label="Price (₹)" value={form.price} onChange={(price) => setForm({ ...form, price })} error={err('price_inr')} />
              <FormControlLabel
                control={<Switch checked={form.online} onChange={(e) => setForm({ ...form, online: e.target.checked })} />}
                label="Bookable online"
              />
              <FormControlLabel
                control={<Switch checked={form.active} onChange={(e) => setForm({ ...form, active: e.target.checked })} />}
                label="Offered (active)"
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={pending || !form.name.trim() || !form.therapy.trim() || form.roles.length === 0 || (patch !== null && Object.keys(patch).length === 0)}
            >
              {pending ? 'Saving…' : 'Save service'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ImpactDialog change={change} />
    </>
  );
}
