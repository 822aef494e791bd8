// For ADMIN and SUPER_ADMIN: who opened or changed this record, newest first, named and in
// words; paged and filtered on the server, the page and filter being the URL's (record-tabs.ts).
import { Alert, Chip, ListSubheader, MenuItem, Pagination, PaginationItem, TextField, Typography } from '@mui/material';
import { Link, useLocation } from 'wouter';
import { auditQuery, type AuditView, pageCount } from '../../../../machines/clients/record-tabs.ts';
import { getHref } from '../../../app/port.ts';
import { formatDateTime, ROLE_LABELS } from '../../../lib/staff/format.ts';
import {
  AUDIT_ACTION_WORDS,
  AUDIT_ALL_ACTIONS,
  AUDIT_COUNT,
  AUDIT_FILTER_GROUPS,
  AUDIT_FILTER_LABEL,
  AUDIT_OUTCOME_WORDS,
  AUDIT_READ_LIST,
  AUDIT_READ_WORDS,
} from './audit-texts.ts';
import type { AuditEvent } from '../clients-api.ts';
import { useAuditTrail } from './details-hooks.ts';
import { personName } from '../../../../machines/rules/words.ts';
import { RecordTable } from '../../../lib/record-table.tsx';

// An action the contract does not know yet (a newer server) still shows, as its code.
const actionWords = (action: string) => (AUDIT_ACTION_WORDS as Record<string, string>)[action] ?? action;
const readWords = (action: string) => (AUDIT_READ_WORDS as Record<string, string>)[action] ?? actionWords(action).toLowerCase();
const outcomeWords = (outcome: string) => (AUDIT_OUTCOME_WORDS as Record<string, string>)[outcome] ?? outcome;

function who(e: AuditEvent, clientId: number) {
  // A change no clinic user made (a lab partner's update brought in by the labs worker).
  if (e.actor === null || e.actor_role === 'SYSTEM') return 'The clinic system (automatic)';
  const role = ROLE_LABELS[e.actor_role] ?? e.actor_role;
  if (e.actor === clientId) return `The client (${role})`;
  return `${personName(e.actor_name)} (${role})`;
}

export function AuditSection({ clientId, view }: { clientId: number; view: AuditView }) {
  const trail = useAuditTrail(clientId, view);
  const [, navigate] = useLocation();
  const page = trail.data as { count: number; results: AuditEvent[] } | null;
  const href = (next: AuditView) => getHref('clientDetails', { clientId }, auditQuery(next));
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
        {AUDIT_FILTER_GROUPS.flatMap(({ label, actions }) => [
          <ListSubheader key={label}>{label}</ListSubheader>,
          ...actions.map((action) => (
            <MenuItem key={action} value={action}>
              {AUDIT_ACTION_WORDS[action]}
            </MenuItem>
          )),
        ])}
      </TextField>
      {trail.failed && <Alert severity="error">{trail.error}</Alert>}
      {page && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="audit-count">
            {AUDIT_COUNT(page.count)}
          </Typography>
          <RecordTable
            label="Audit trail"
            rows={page.results}
            columns={[
              { header: 'When', cell: (e) => formatDateTime(e.occurred_at) },
              { header: 'Who', cell: (e) => who(e, clientId) },
              {
                header: 'What',
                cell: (e) => (
                  <>
                    {actionWords(e.action)}
                    {e.reads && e.reads.length > 0 && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {AUDIT_READ_LIST(e.reads.map(readWords).join(', '))}
                      </Typography>
                    )}
                  </>
                ),
              },
              { header: 'Outcome', cell: (e) => <Chip size="small" label={outcomeWords(e.outcome)} color={e.outcome === 'success' ? 'default' : 'error'} /> },
            ]}
          />
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
