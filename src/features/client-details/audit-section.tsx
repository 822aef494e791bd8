// For ADMIN and SUPER_ADMIN: who opened or changed this record, newest first, named and in
// words; paged and filtered on the server, the page and filter being the URL's (record-tabs.ts).
import { Alert, Chip, MenuItem, Pagination, PaginationItem, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { Link, useLocation } from 'wouter';
import { auditSearch, type AuditView, pageCount } from '../../../machines/client-record/record-tabs';
import { ScrollTable } from '../../lib/scroll-table';
import { formatDateTime, ROLE_LABELS } from '../../lib/staff/format';
import type { AuditEvent } from './details-api';
import { useAuditTrail } from './details-hooks';
import { AUDIT_ALL_ACTIONS, AUDIT_COUNT, AUDIT_FILTER_LABEL, AUDIT_READ_LIST } from './texts';

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.create': 'Created the user',
  'user.read': 'Opened the record',
  'record.view': 'Opened the record',
  'thrive_check.list': 'Read the thrive checks',
  'thrive_check.create': 'Recorded a thrive check',
  'appointment.list': 'Read the appointments',
  'appointment.read': 'Opened an appointment',
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

/** What a page view read, in words ("the record, the enrollments"). */
const READ_WORDS: Record<string, string> = {
  'user.read': 'the profile',
  'enrollment.list': 'the enrollments',
  'consent.read': 'the consent history',
  'thrive_check.list': 'the thrive checks',
  'appointment.list': 'the appointments',
};
const readWords = (action: string) => READ_WORDS[action] ?? (AUDIT_ACTION_LABELS[action] ?? action).toLowerCase();

function who(e: AuditEvent, clientId: number) {
  // A change no clinic user made (a lab partner's update brought in by the labs worker).
  if (e.actor === null || e.actor_role === 'SYSTEM') return 'The clinic system (automatic)';
  const role = ROLE_LABELS[e.actor_role] ?? e.actor_role;
  if (e.actor === clientId) return `The client (${role})`;
  return `${e.actor_name ?? `User #${e.actor}`} (${e.actor_role})`;
}

export function AuditSection({ clientId, view, base }: { clientId: number; view: AuditView; base: string }) {
  const trail = useAuditTrail(clientId, view);
  const [, navigate] = useLocation();
  const page = trail.data as { count: number; results: AuditEvent[] } | null;
  const href = (next: AuditView) => `${base}${auditSearch(next)}`;
  return (
    <>
      <TextField
        select
        size="small"
        label={AUDIT_FILTER_LABEL}
        value={view.action ?? ''}
        onChange={(e) => navigate(href({ page: 1, action: e.target.value || null }))}
        sx={{ mb: 2, minWidth: 240, maxWidth: '100%' }}
      >
        <MenuItem value="">{AUDIT_ALL_ACTIONS}</MenuItem>
        {Object.entries(AUDIT_ACTION_LABELS)
          .filter(([action]) => action !== 'user.read')
          .map(([action, label]) => (
            <MenuItem key={action} value={action}>
              {label}
            </MenuItem>
          ))}
      </TextField>
      {trail.failed && <Alert severity="error">{trail.error}</Alert>}
      {page && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="audit-count">
            {AUDIT_COUNT(page.count)}
          </Typography>
          <ScrollTable size="small" aria-label="Audit trail">
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
                    <TableCell>{who(e, clientId)}</TableCell>
                    <TableCell>
                      {AUDIT_ACTION_LABELS[e.action] ?? e.action}
                      {e.reads && e.reads.length > 0 && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {AUDIT_READ_LIST(e.reads.map(readWords).join(', '))}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" label={e.outcome} color={e.outcome === 'success' ? 'default' : 'error'} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
          </ScrollTable>
          {page.count > 0 && (
            <Pagination
              sx={{ mt: 2 }}
              page={view.page}
              count={pageCount(page.count)}
              renderItem={(item) => <PaginationItem component={Link} href={href({ ...view, page: item.page ?? 1 })} {...item} />}
            />
          )}
        </>
      )}
    </>
  );
}
