// The new-slot picker of a lab order being moved, for the two charts that invoke the reschedule
// sub-chart (machines/labs/reschedule-machine.ts): the lab desk and the portal's "My orders". It
// reads the sub-chart's own state (which the parent's snapshot does not carry) and shows its slots
// day by day; the current slot and full ones cannot be picked. Each page gives its own words.
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { LabSlotOffer } from '../../../machines/labs/book-test-machine.ts';
import { rescheduleSelectors } from '../../../machines/labs/lab-selectors.ts';
import type { rescheduleMachine } from '../../../machines/labs/reschedule-machine.ts';

type RescheduleSnapshot = SnapshotFrom<typeof rescheduleMachine>;
import { formatDate, formatTime } from '../../lib/format.ts';

export interface RescheduleView {
  /** The sub-chart is at work: loading slots, choosing, moving. */
  open: boolean;
  loadingSlots: boolean;
  choosing: boolean;
  slots: LabSlotOffer[];
  message: string | null;
}

const NONE: RescheduleView = { open: false, loadingSlots: false, choosing: false, slots: [], message: null };
const same = (a: RescheduleView, b: RescheduleView) =>
  a.open === b.open && a.loadingSlots === b.loadingSlots && a.choosing === b.choosing && a.slots === b.slots && a.message === b.message;

/** The reschedule sub-chart invoked (as `reschedule`) by `parent`, while there is one. */
export function useReschedule(parent: AnyActorRef): RescheduleView {
  const child = useSelector(parent, (s) => (s.children as Record<string, AnyActorRef | undefined>).reschedule);
  return (
    useSelector(
      child,
      (s: RescheduleSnapshot | undefined) => {
        if (!s || !rescheduleSelectors.isOpen(s)) return NONE;
        return {
          open: true,
          loadingSlots: rescheduleSelectors.isLoadingSlots(s),
          choosing: rescheduleSelectors.isChoosing(s),
          slots: s.context.slots,
          message: s.context.message,
        };
      },
      same,
    ) ?? NONE
  );
}

export function NewSlotPicker(props: {
  order: { id: number; start: string };
  view: RescheduleView;
  title: string;
  noSlots: string;
  back: string;
  slotLabel: (slot: LabSlotOffer) => string;
  onPick: (start: string) => void;
  onBack: () => void;
}) {
  const { order, view } = props;
  const choosing = view.choosing;
  return (
    <Box sx={{ mt: 2 }} data-reschedule={order.id}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {props.title}
      </Typography>
      {view.loadingSlots && <CircularProgress aria-label={props.title} />}
      {!view.loadingSlots && view.slots.length === 0 && <Typography>{props.noSlots}</Typography>}
      {[...new Set(view.slots.map((s) => formatDate(s.start)))].map((day) => (
        <Box key={day} sx={{ mb: 1 }}>
          <Typography variant="body2">{day}</Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {view.slots
              .filter((s) => formatDate(s.start) === day)
              .map((s) => (
                <Button
                  key={s.start}
                  size="small"
                  variant="outlined"
                  disabled={!choosing || s.places_left === 0 || s.start === order.start}
                  data-new-slot={s.start}
                  aria-label={props.slotLabel(s)}
                  onClick={() => props.onPick(s.start)}
                >
                  {formatTime(s.start)}
                </Button>
              ))}
          </Stack>
        </Box>
      ))}
      <Button disabled={!choosing} onClick={props.onBack}>
        {props.back}
      </Button>
    </Box>
  );
}
