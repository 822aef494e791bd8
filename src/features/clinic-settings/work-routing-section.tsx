// Who does which work (issue 32): which roles run the lab desk (/labs) and which clinical roles
// answer which support tickets (/support and the client's record). ADMIN answers every ticket and
// SUPER_ADMIN passes everywhere, so neither is a choice here. Saved with the clinic's settings;
// the server decides with the same rules (machines/staff/work-routing.ts).
import { Alert, Button, Checkbox, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { CATEGORY_LABELS, TICKET_CATEGORIES, type TicketCategory } from '../../../machines/support/support-rules.ts';
import {
  labDeskRolesOf,
  ROUTABLE_ROLES,
  type RoutableRole,
  TICKET_ROLES,
  type TicketRole,
  type TicketRouting,
  ticketRoutingOf,
} from '../../../machines/staff/work-routing.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import type { ClinicSettings } from './clinic-settings-api.ts';
import { useSettingsSave } from './clinic-settings-hooks.ts';
import { WORK_ROUTING } from './texts.ts';

const ROLE_WORDS: Record<RoutableRole, string> = {
  NURSE: 'Nurse',
  RECEPTION: 'Reception',
  DOCTOR: 'Doctor',
  HEALTH_COACH: 'Health coach',
  NUTRITIONIST: 'Nutritionist',
  ADMIN: 'Admin',
};

const toggled = <R extends string>(list: readonly R[], role: R, on: boolean, order: readonly R[]): R[] =>
  order.filter((r) => (r === role ? on : list.includes(r)));

export function WorkRoutingSection({ settings, onSaved }: { settings: ClinicSettings; onSaved: () => void }) {
  const [lab, setLab] = useState<RoutableRole[]>(() => labDeskRolesOf(settings.lab_desk_roles));
  const [routing, setRouting] = useState<TicketRouting>(() => ticketRoutingOf(settings.ticket_routing));
  const save = useSettingsSave(onSaved);
  const errors = Object.entries(save.fieldErrors).flatMap(([, v]) => v ?? []);
  return (
    <form
      noValidate
      aria-label={WORK_ROUTING.title}
      onSubmit={(e) => {
        e.preventDefault();
        save.save({ lab_desk_roles: lab, ticket_routing: routing });
      }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
        {WORK_ROUTING.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {WORK_ROUTING.help}
      </Typography>
      {(save.error || errors.length > 0) && <Alert severity="error">{[save.error, ...errors].filter(Boolean).join(' ')}</Alert>}
      <ScrollTable size="small" aria-label={WORK_ROUTING.title}>
        <TableHead>
          <TableRow>
            <TableCell>{WORK_ROUTING.work}</TableCell>
            {ROUTABLE_ROLES.map((r) => (
              <TableCell key={r} align="center">
                {ROLE_WORDS[r]}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell component="th" scope="row">
              {WORK_ROUTING.labDesk}
            </TableCell>
            {ROUTABLE_ROLES.map((r) => (
              <TableCell key={r} align="center" padding="checkbox">
                <Checkbox
                  checked={lab.includes(r)}
                  onChange={(e) => setLab(toggled(lab, r, e.target.checked, ROUTABLE_ROLES))}
                  slotProps={{ input: { 'aria-label': `${WORK_ROUTING.labDesk}: ${ROLE_WORDS[r]}` } }}
                />
              </TableCell>
            ))}
          </TableRow>
          {TICKET_CATEGORIES.map((c: TicketCategory) => (
            <TableRow key={c}>
              <TableCell component="th" scope="row">
                {WORK_ROUTING.tickets(CATEGORY_LABELS[c])}
              </TableCell>
              {ROUTABLE_ROLES.map((r) =>
                r === 'ADMIN' ? (
                  <TableCell key={r} align="center" padding="checkbox">
                    <Checkbox checked disabled slotProps={{ input: { 'aria-label': `${WORK_ROUTING.tickets(CATEGORY_LABELS[c])}: ${ROLE_WORDS[r]}` } }} />
                  </TableCell>
                ) : (
                  <TableCell key={r} align="center" padding="checkbox">
                    <Checkbox
                      checked={(routing[c] as string[]).includes(r)}
                      onChange={(e) => setRouting({ ...routing, [c]: toggled(routing[c], r as TicketRole, e.target.checked, TICKET_ROLES) })}
                      slotProps={{ input: { 'aria-label': `${WORK_ROUTING.tickets(CATEGORY_LABELS[c])}: ${ROLE_WORDS[r]}` } }}
                    />
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={save.pending}>
        {save.pending ? 'Saving…' : WORK_ROUTING.save}
      </Button>
    </form>
  );
}
