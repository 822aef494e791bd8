// The conflicts a 409 names, in the desk's words: who or what is taken, and when.
import { List, ListItem } from '@mui/material';
import type { MoveConflict } from '../../../machines/appointments/calendar-machine.ts';
import type { SchedulingSetup } from './appointments-api.ts';
import { clockOf } from './clinic-time.ts';
import { conflictLine } from './texts.ts';
import { personName } from '../../../machines/rules/words.ts';

export function ConflictLines({ setup, conflicts }: { setup: SchedulingSetup; conflicts: readonly MoveConflict[] }) {
  if (!conflicts.length) return null;
  const zone = setup.hours.time_zone;
  const name = (c: MoveConflict) =>
    c.kind === 'staff'
      ? personName(setup.staff.find((s) => s.id === c.id)?.name)
      : (setup.resources.find((r) => r.id === c.id)?.name ?? 'A resource no longer listed');
  return (
    <List dense disablePadding data-testid="conflicts">
      {conflicts.map((c) => (
        <ListItem key={`${c.kind}-${c.id}-${c.start}`} disableGutters>
          {conflictLine(name(c), clockOf(c.start, zone), clockOf(c.end, zone))}
        </ListItem>
      ))}
    </List>
  );
}
