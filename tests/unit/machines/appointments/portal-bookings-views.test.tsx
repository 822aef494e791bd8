// @vitest-environment happy-dom
// Portal bookings shown to staff until seen: the chart's model paths replayed on its views (issue
// 33), the real provider (its adapter, toast and per-user memory), the navigation's badge and the
// list on /appointments; the fetches and marks settle as each path says, the poll waits on the
// clock. Staff mark them seen with the list's "Mark as seen". No screen asks for a fetch or marks
// one booking by itself (the chart's `refresh` and `markSeen`): those are sent to the actor as is.
// After every step the badge counts what the chart counts, the list shows its bookings with the
// button held while marking, each new booking is toasted once, and what was told is kept per user.
import { fireEvent, screen, within } from '@testing-library/react';
import { type ReactNode } from 'react';
import { expect } from 'vitest';
import { portalBookingsSelectors } from '../../../../machines/appointments/selectors.ts';
import { NewPortalBookings, PortalBookingsBadge, PortalBookingsProvider } from '../../../../src/features/appointments/portal-bookings.tsx';
import { MARK_SEEN, NEW_PORTAL_BOOKINGS, portalBookingsToast } from '../../../../src/features/appointments/texts.ts';
import { ShellContext, useShell } from '../../../../src/app/shell/shell-context.tsx';
import { coveringPaths, selectedPaths } from '../../../support/model-paths.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model, TOLD_BEFORE } from './portal-bookings.model.ts';

const USER = 'staff-1';
const TOLD_KEY = `clinic.portal-bookings.told.${USER}`;

/** The signed-in staff member, so the provider reads and keeps what they were told. */
function SignedIn({ children }: { children: ReactNode }) {
  const shell = useShell();
  return <ShellContext.Provider value={{ ...shell, auth: { ...shell.auth, user: { sub: USER } as never } }}>{children}</ShellContext.Provider>;
}

const list = () => screen.queryByTestId('new-portal-bookings');
let toldBefore: number[] = [];

const all = selectedPaths(model);
// A page loaded again after booking 5 was told: only the booking that is new (6) is toasted. The
// covering subset never loads from what was kept, so this path is added.
const toldAgain = all.find((p) => p.spec.input && p.steps.length === 1 && p.steps[0].state.context.count === 2)!;

describeReplayOnView('portal bookings for staff', {
  model,
  paths: [...coveringPaths(model.machine, all), toldAgain],
  mount: (path, wrap) => {
    window.localStorage.clear();
    toldBefore = (path.spec.input as { announced?: number[] } | undefined)?.announced ?? [];
    if (toldBefore.length) window.localStorage.setItem(TOLD_KEY, JSON.stringify(TOLD_BEFORE));
    return renderPage(
      <SignedIn>
        {wrap(
          <PortalBookingsProvider>
            <PortalBookingsBadge>Appointments</PortalBookingsBadge>
            <NewPortalBookings zone="Asia/Kolkata" onOpen={() => {}} />
          </PortalBookingsProvider>,
        )}
      </SignedIn>,
      { path: '/appointments', role: 'RECEPTION', answer: () => undefined },
    );
  },
  drive: async (event) => {
    const mark = event.type === 'portalBookings.markAllSeen' && list() && within(list()!).getByRole('button', { name: MARK_SEEN });
    if (mark) await step(() => fireEvent.click(mark));
    return !!mark;
  },
  expectScreen: (snapshot) => {
    const count = portalBookingsSelectors.count(snapshot);
    const badge = screen.getByTestId('portal-bookings-count').querySelector('.MuiBadge-badge')!;
    expect(badge.classList.contains('MuiBadge-invisible') ? 0 : Number(badge.textContent), 'the badge').toBe(count);
    expect(list() !== null, 'the list').toBe(count > 0);
    if (count > 0) {
      expect(list()!.textContent).toContain(NEW_PORTAL_BOOKINGS(count));
      const rows = [...list()!.querySelectorAll('[data-appointment]')].map((b) => Number(b.getAttribute('data-appointment')));
      expect(rows, 'the bookings listed').toEqual(portalBookingsSelectors.bookings(snapshot).map((b) => b.id));
      expect(within(list()!).getByRole('button', { name: MARK_SEEN }).hasAttribute('disabled'), 'mark held').toBe(
        !portalBookingsSelectors.canMarkSeen(snapshot),
      );
    }
    // Each booking is told once: the toast names how many are new since the last step, and the
    // user's memory keeps every one told.
    const announced: number[] = snapshot.context.announced;
    const fresh = announced.length - toldBefore.length;
    if (fresh > 0) expect(screen.getAllByText(portalBookingsToast(fresh)).length).toBeGreaterThan(0);
    if (fresh > 0) expect(JSON.parse(window.localStorage.getItem(TOLD_KEY) ?? '[]')).toEqual(announced);
    toldBefore = announced;
  },
});
