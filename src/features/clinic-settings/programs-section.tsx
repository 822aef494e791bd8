// The program catalogue: create, edit, deactivate (a program with enrollments is kept and
// deactivated, never deleted, so past enrollments keep their program).
import { Alert, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { ActiveToggleDialog, CatalogueItemButtons } from '../../lib/staff/catalogue-item-actions.tsx';
import { FormDialog } from '../../lib/staff/form-dialog.tsx';
import { canSaveProgram, EMPTY_PROGRAM_FORM, programForm } from '../../../machines/enrollment/enrollment-rules.ts';
import type { Program } from './clinic-settings-api.ts';
import { usePrograms } from './clinic-settings-hooks.ts';
import { EDIT_PROGRAM, NEW_PROGRAM, NO_PROGRAMS, SAVE_PROGRAM } from './texts.ts';
import { formatCurrency } from '../../lib/format.ts';
import { RecordTable } from '../../lib/record-table.tsx';

export function ProgramsSection() {
  const { programs, edit, toggle } = usePrograms();
  const [form, setForm] = useState(EMPTY_PROGRAM_FORM);
  const openEdit = (program: Program | null) => {
    setForm(programForm(program));
    edit.open(program);
  };
  const rows = (programs.data ?? []) as Program[];
  const err = (f: string) => edit.fieldErrors[f]?.join(' ');
  return (
    <>
      {programs.failed && <Alert severity="error">{programs.error}</Alert>}
      {rows.length === 0 && programs.data !== null && <Typography color="text.secondary">{NO_PROGRAMS}</Typography>}
      {rows.length > 0 && (
        <RecordTable
          label="Programs"
          rows={rows}
          columns={[
            {
              header: 'Name',
              cell: (p) => (
                <>
                  {p.name}
                  {p.description && (
                    <Typography variant="body2" color="text.secondary">
                      {p.description}
                    </Typography>
                  )}
                </>
              ),
            },
            { header: 'Weeks', cell: (p) => p.duration_weeks },
            { header: 'Price', cell: (p) => formatCurrency(p.price_inr) },
            { header: 'Status', cell: (p) => <Chip size="small" label={p.active ? 'Active' : 'Inactive'} color={p.active ? 'success' : 'default'} /> },
          ]}
          actions={(p) => <CatalogueItemButtons item={p} onEdit={openEdit} toggle={toggle} />}
        />
      )}
      <Button sx={{ mt: 2 }} variant="outlined" onClick={() => openEdit(null)}>
        {NEW_PROGRAM}
      </Button>
      <FormDialog
        action={edit}
        id="program"
        title={edit.subject ? EDIT_PROGRAM : NEW_PROGRAM}
        submitLabel={SAVE_PROGRAM}
        pendingLabel="Saving…"
        ready={canSaveProgram(form)}
        onSubmit={() => edit.submit(form)}
      >
        <TextField
          label="Name"
          required
          value={form.name}
          onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
          error={!!err('name')}
          helperText={err('name')}
        />
        <TextField
          label="Description"
          multiline
          minRows={2}
          value={form.description}
          onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
        />
        <Stack direction="row" spacing={2}>
          <TextField
            label="Duration (weeks)"
            type="number"
            required
            value={form.duration_weeks}
            onChange={(e) => setForm((f) => ({ ...f, duration_weeks: e.target.value }))}
            error={!!err('duration_weeks')}
            helperText={err('duration_weeks')}
          />
          <TextField
            label="Price (₹)"
            type="number"
            required
            value={form.price_inr}
            onChange={(e) => setForm((f) => ({ ...f, price_inr: e.target.value }))}
            error={!!err('price_inr')}
            helperText={err('price_inr')}
          />
        </Stack>
      </FormDialog>
      <ActiveToggleDialog
        toggle={toggle}
        whenDeactivated="Current enrollments continue; the program is no longer offered for new ones."
        whenActivated="The program is offered for new enrollments again."
      />
    </>
  );
}
