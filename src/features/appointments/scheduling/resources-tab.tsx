// Rooms and equipment by kind (a kind is a pool: any free unit serves). A new kind comes with
// its first resource; a resource taken out of service is deactivated, never deleted, so the
// appointments that held it keep their record.
import { Alert, Button, Chip, MenuItem, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useShell } from '../../../app/port.ts';
import { ConfirmDialog } from '../../../lib/staff/confirm-dialog.tsx';
import { FormDialog } from '../../../lib/staff/form-dialog.tsx';
import { useAction } from '../../../lib/staff/hooks.ts';
import { canSaveResource, EMPTY_RESOURCE_FORM, NEW_RESOURCE_KIND, resourceBody } from '../../../../machines/appointments/setup-forms.ts';
import { createResource, patchResource, type Resource } from '../appointments-api.ts';
import { useResources } from './scheduling-hooks.ts';
import { NEW_RESOURCE, RESOURCE_SAVED } from './texts.ts';
import { RecordTable } from '../../../lib/record-table.tsx';

export function ResourcesTab() {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const resources = useResources();
  const [form, setForm] = useState(EMPTY_RESOURCE_FORM);
  const done = (_s: unknown, out: unknown) => {
    enqueueSnackbar(RESOURCE_SAVED((out as Resource).name), { variant: 'success' });
    resources.reload();
  };
  const create = useAction<null>((_s, v) => createResource(api, v as ReturnType<typeof resourceBody>), done);
  const toggle = useAction<Resource | null>((r) => patchResource(api, r!.id, { active: !r!.active }), done);
  const kinds = resources.data?.kinds ?? [];
  const label = (kind: string) => kinds.find((k) => k.kind === kind)?.label ?? kind;
  const rows = resources.data?.resources ?? [];
  const err = (f: string) => create.fieldErrors[f]?.join(' ');
  return (
    <>
      {resources.failed && <Alert severity="error">{resources.error}</Alert>}
      <RecordTable
        label="Resources"
        rows={rows}
        columns={[
          {
            header: 'Resource',
            cell: (r) => (
              <>
                {r.name} {!r.active && <Chip size="small" label="Out of service" />}
              </>
            ),
          },
          { header: 'Kind', cell: (r) => label(r.kind) },
        ]}
        actions={(r) => (
          <Button size="small" onClick={() => toggle.open(r)}>
            {r.active ? 'Take out of service' : 'Back in service'}
          </Button>
        )}
      />
      <Button
        sx={{ mt: 2 }}
        variant="outlined"
        onClick={() => {
          setForm({ ...EMPTY_RESOURCE_FORM, kind: kinds[0]?.kind ?? NEW_RESOURCE_KIND });
          create.open(null);
        }}
      >
        {NEW_RESOURCE}
      </Button>
      <FormDialog
        action={create}
        id="resource"
        title={NEW_RESOURCE}
        submitLabel="Save resource"
        pendingLabel="Saving…"
        ready={canSaveResource(form)}
        onSubmit={() => create.submit(resourceBody(form))}
      >
        <TextField
          label="Name"
          required
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          error={!!err('name')}
          helperText={err('name')}
        />
        <TextField select label="Kind" value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value })}>
          {kinds.map((k) => (
            <MenuItem key={k.kind} value={k.kind}>
              {k.label}
            </MenuItem>
          ))}
          <MenuItem value={NEW_RESOURCE_KIND}>A new kind…</MenuItem>
        </TextField>
        {form.kind === NEW_RESOURCE_KIND && (
          <>
            <TextField
              label="New kind (code)"
              required
              value={form.newKind}
              onChange={(e) => setForm({ ...form, newKind: e.target.value })}
              error={!!err('kind')}
              helperText={err('kind') ?? 'Lower case, e.g. cryo_chamber'}
            />
            <TextField label="New kind (label)" value={form.newLabel} onChange={(e) => setForm({ ...form, newLabel: e.target.value })} />
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        action={toggle}
        title={toggle.subject ? toggle.subject.name : ''}
        confirmLabel={toggle.subject?.active ? 'Take out of service' : 'Back in service'}
      >
        {toggle.subject?.active ? 'No new appointment will hold it; booked ones keep it.' : 'Appointments may hold it again.'}
      </ConfirmDialog>
    </>
  );
}
