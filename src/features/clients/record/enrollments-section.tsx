// Programs and enrollments: the client's enrollments with the steps their chart allows now
// (machines/enrollment: pause, resume, complete, cancel; each confirmed and toasted), and
// enrolling in an active program.
import { Alert, Button, Chip, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { canEnrol, enrollmentSteps } from '../../../../machines/enrollment/enrollment-rules.ts';
import { ConfirmDialog } from '../../../lib/staff/confirm-dialog.tsx';
import { FormDialog } from '../../../lib/staff/form-dialog.tsx';
import { DateField } from '../../../lib/date-field.tsx';
import { clinicToday } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/staff/format.ts';
import type { Enrollment, Program } from '../clients-api.ts';
import { useEnrollments } from './details-hooks.ts';
import { ENROL, ENROLLMENT_ACTIONS, NO_ENROLLMENTS } from './texts.ts';
import { words } from '../../../../machines/rules/words.ts';
import { RecordTable } from '../../../lib/record-table.tsx';

const today = () => clinicToday();

export function EnrollmentsSection({ clientId }: { clientId: number }) {
  const { enrollments, programs, change, create, openEnrol } = useEnrollments(clientId);
  const [form, setForm] = useState({ program: '', start_date: today(), notes: '' });
  const rows = (enrollments.data ?? []) as Enrollment[];
  const pending = change.subject;

  return (
    <>
      {enrollments.failed && <Alert severity="error">{enrollments.error}</Alert>}
      {rows.length === 0 && !enrollments.loading && !enrollments.failed && <Typography color="text.secondary">{NO_ENROLLMENTS}</Typography>}
      {rows.length > 0 && (
        <RecordTable
          label="Enrollments"
          rows={rows}
          rowProps={(e) => ({ 'data-testid': `enrollment-${e.id}` })}
          columns={[
            { header: 'Program', cell: (e) => e.program_name },
            {
              header: 'Status',
              cell: (e) => (
                <Chip size="small" label={words(e.status)} color={e.status === 'active' ? 'success' : e.status === 'paused' ? 'warning' : 'default'} />
              ),
            },
            { header: 'Start', cell: (e) => formatDate(e.start_date) },
            { header: 'End', cell: (e) => formatDate(e.end_date) },
            { header: 'Notes', cell: (e) => e.notes },
          ]}
          actions={(e) =>
            enrollmentSteps(e.status).map((step) => (
              <Button key={step.verb} size="small" onClick={() => change.open({ enrollment: e, step })}>
                {ENROLLMENT_ACTIONS[step.verb].label}
              </Button>
            ))
          }
        />
      )}
      <Button
        sx={{ mt: 2 }}
        variant="outlined"
        onClick={() => {
          setForm({ program: '', start_date: today(), notes: '' });
          openEnrol();
        }}
      >
        {ENROL}
      </Button>
      <ConfirmDialog
        action={change}
        title={pending ? `${ENROLLMENT_ACTIONS[pending.step.verb].label}: ${pending.enrollment.program_name}` : ''}
        confirmLabel={pending ? ENROLLMENT_ACTIONS[pending.step.verb].label : 'Confirm'}
      >
        {pending && `The enrollment in ${pending.enrollment.program_name} becomes ${pending.step.to}.`}
      </ConfirmDialog>
      <FormDialog
        action={create}
        id="enrol"
        title={ENROL}
        submitLabel="Enrol"
        pendingLabel="Enrolling…"
        ready={canEnrol(form)}
        onSubmit={() => create.submit(form)}
        maxWidth="xs"
      >
        <TextField select label="Program" required value={form.program} onChange={(e) => setForm((f) => ({ ...f, program: e.target.value }))}>
          {(programs as Program[]).map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.name} ({p.duration_weeks} weeks)
            </MenuItem>
          ))}
        </TextField>
        <DateField label="Start date" required value={form.start_date} onChange={(start_date) => setForm((f) => ({ ...f, start_date }))} />
        <TextField label="Notes" multiline minRows={2} value={form.notes} onChange={(e) => setForm((f) => ({ ...f, notes: e.target.value }))} />
      </FormDialog>
    </>
  );
}
