// Programs and enrollments: the client's enrollments with pause/resume/complete/cancel (each
// confirmed and toasted), and enrolling in an active program.
import { Alert, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useShell } from '../../app/shell/shell-context';
import { ConfirmDialog } from '../../lib/staff/confirm-dialog';
import { formatDate } from '../../lib/staff/format';
import { useAction, useRecord } from '../../lib/staff/hooks';
import { type Enrollment, enrol, listEnrollments, listPrograms, type Program, patchEnrollment } from './details-api';
import { ENROL, ENROLLED, ENROLLMENT_ACTIONS, ENROLLMENT_CHANGED, NO_ENROLLMENTS } from './texts';

type Change = { enrollment: Enrollment; kind: keyof typeof ENROLLMENT_ACTIONS };

const today = () => new Date().toISOString().slice(0, 10);

function actionsFor(e: Enrollment): Array<keyof typeof ENROLLMENT_ACTIONS> {
  if (e.status === 'active') return ['pause', 'complete', 'cancel'];
  if (e.status === 'paused') return ['resume', 'complete', 'cancel'];
  return [];
}

export function EnrollmentsSection({ clientId }: { clientId: number }) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const enrollments = useRecord(() => listEnrollments(api, clientId));
  const [programs, setPrograms] = useState<Program[]>([]);
  const [form, setForm] = useState({ program: '', start_date: today(), notes: '' });

  const change = useAction<Change>(
    ({ enrollment, kind }) => {
      const status = ENROLLMENT_ACTIONS[kind].status;
      const ending = status === 'completed' || status === 'cancelled';
      return patchEnrollment(api, enrollment.id, { status, ...(ending ? { end_date: enrollment.end_date ?? (today() < enrollment.start_date ? enrollment.start_date : today()) } : {}) });
    },
    ({ enrollment, kind }) => {
      enqueueSnackbar(ENROLLMENT_CHANGED(enrollment.program_name, ENROLLMENT_ACTIONS[kind].status), { variant: 'success' });
      enrollments.reload();
    },
  );
  const create = useAction<null>(
    (_s, values) => enrol(api, { user: clientId, program: Number(values.program), start_date: String(values.start_date), ...(values.notes ? { notes: String(values.notes) } : {}) }),
    (_s, output) => {
      enqueueSnackbar(ENROLLED((output as Enrollment).program_name), { variant: 'success' });
      enrollments.reload();
    },
  );
  const openEnrol = () => {
    setForm({ program: '', start_date: today(), notes: '' });
    listPrograms(api).then(setPrograms, () => setPrograms([]));
    create.open(null);
  };
  const rows = (enrollments.data ?? []) as Enrollment[];
  const pending = change.subject;

  return (
    <>
      {enrollments.failed && <Alert severity="error">{enrollments.error}</Alert>}
      {rows.length === 0 && !enrollments.loading && !enrollments.failed && <Typography color="text.secondary">{NO_ENROLLMENTS}</Typography>}
      {rows.length > 0 && (
        <Table size="small" aria-label="Enrollments">
          <TableHead>
            <TableRow>
              <TableCell>Program</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Start</TableCell>
              <TableCell>End</TableCell>
              <TableCell>Notes</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((e) => (
              <TableRow key={e.id} data-testid={`enrollment-${e.id}`}>
                <TableCell>{e.program_name}</TableCell>
                <TableCell>
                  <Chip size="small" label={e.status} color={e.status === 'active' ? 'success' : e.status === 'paused' ? 'warning' : 'default'} />
                </TableCell>
                <TableCell>{formatDate(e.start_date)}</TableCell>
                <TableCell>{formatDate(e.end_date)}</TableCell>
                <TableCell>{e.notes}</TableCell>
                <TableCell align="right">
                  {actionsFor(e).map((kind) => (
                    <Button key={kind} size="small" onClick={() => change.open({ enrollment: e, kind })}>
                      {ENROLLMENT_ACTIONS[kind].label}
                    </Button>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Button sx={{ mt: 2 }} variant="outlined" onClick={openEnrol}>
        {ENROL}
      </Button>
      <ConfirmDialog action={change} title={pending ? `${ENROLLMENT_ACTIONS[pending.kind].label}: ${pending.enrollment.program_name}` : ''} confirmLabel={pending ? ENROLLMENT_ACTIONS[pending.kind].label : 'Confirm'}>
        {pending && `The enrollment in ${pending.enrollment.program_name} becomes ${ENROLLMENT_ACTIONS[pending.kind].status}.`}
      </ConfirmDialog>
      <Dialog open={create.isOpen} onClose={() => !create.pending && create.cancel()} aria-labelledby="enrol-title" fullWidth maxWidth="xs">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (form.program) create.submit(form);
          }}
        >
          <DialogTitle id="enrol-title">{ENROL}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ mt: 1 }}>
              {create.state.context.error && <Alert severity="error">{create.state.context.error}</Alert>}
              <TextField select label="Program" required value={form.program} onChange={(e) => setForm((f) => ({ ...f, program: e.target.value }))}>
                {programs.map((p) => (
                  <MenuItem key={p.id} value={String(p.id)}>
                    {p.name} ({p.duration_weeks} weeks)
                  </MenuItem>
                ))}
              </TextField>
              <TextField label="Start date" type="date" required value={form.start_date} onChange={(e) => setForm((f) => ({ ...f, start_date: e.target.value }))} slotProps={{ inputLabel: { shrink: true } }} />
              <TextField label="Notes" multiline minRows={2} value={form.notes} onChange={(e) => setForm((f) => ({ ...f, notes: e.target.value }))} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={create.cancel} disabled={create.pending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={!form.program || create.pending}>
              {create.pending ? 'Enrolling…' : 'Enrol'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
