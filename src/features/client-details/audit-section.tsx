// For ADMIN and SUPER_ADMIN: who opened or changed this record, newest first (the latest 50).
import { Alert, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateTime, ROLE_LABELS } from '../../lib/staff/format';
import { useAuditTrail } from './details-hooks';

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.create': 'Created the user',
  'user.read': 'Opened the record',
  'user.delete': 'Removed the user',
  'profile.read': 'Opened the profile',
  'profile.update': 'Changed the profile',
  'role.change': 'Changed the role',
  'consent.record': 'Recorded consent',
  'consent.read': 'Read the consent history',
  'enrollment.list': 'Opened the enrollments',
  'enrollment.create': 'Enrolled in a program',
  'enrollment.update': 'Changed an enrollment',
  'enrollment.delete': 'Removed an enrollment',
  'user.deactivate': 'Deactivated the user',
  'user.reactivate': 'Reactivated the user',
  'user.invitation.resend': 'Resent the invitation',
  'user.password.reset': 'Reset the password',
};

export function AuditSection({ clientId }: { clientId: number }) {
  const trail = useAuditTrail(clientId);
  const page = trail.data as { count: number; results: Array<{ id: number; occurred_at: string; actor: number; actor_role: string; action: string; outcome: string }> } | null;
  if (trail.failed) return <Alert severity="error">{trail.error}</Alert>;
  if (!page) return null;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {page.count} events{page.count > page.results.length ? `, the latest ${page.results.length} shown` : ''}.
      </Typography>
      <Table size="small" aria-label="Audit trail">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>What</TableCell>
            <TableCell>Outcome</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {page.results.map((e) => (
            <TableRow key={e.id}>
              <TableCell>{formatDateTime(e.occurred_at)}</TableCell>
              <TableCell>
                {e.actor === clientId ? 'The client' : `User #${e.actor}`} ({ROLE_LABELS[e.actor_role] ?? e.actor_role})
              </TableCell>
              <TableCell>{AUDIT_ACTION_LABELS[e.action] ?? e.action}</TableCell>
              <TableCell>
                <Chip size="small" label={e.outcome} color={e.outcome === 'success' ? 'default' : 'error'} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
