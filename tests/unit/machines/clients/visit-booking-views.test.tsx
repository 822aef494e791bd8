// @vitest-environment happy-dom
// Booking from the portal: the visit-booking chart's model paths replayed on /user/in-clinic and
// /user/intake-call (issue 33), the real pages, hook and adapter; the catalogue's load settles as
// each path says. The client chooses a therapy or call, answers the questions (a radio each in
// clinic, the pre-call form's field for a call), picks phone or video, goes on to the times, back,
// and books another, all through the page. The booking chart the page invokes runs as the page runs
// it (its own replay is booking-views.test.tsx), against the stand-in server; its ending is the
// client's Back on the free times, and "booked" is the adapter's report (sent as it sends it).
// After every step the page shows the chart's view: the services with their balance or why not, the
// questions with the answers given and "Choose a time" only when all are in, the free times, the
// booking's confirmation.
import { fireEvent, screen, within } from '@testing-library/react';
import { type ReactNode, useContext, useMemo } from 'react';
import { expect } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { visitSelectors } from '../../../../machines/clients/booking-selectors.ts';
import { words } from '../../../../machines/rules/words.ts';
import { formatWhen } from '../../../../src/features/appointments/booking-when.ts';
import { formatDate } from '../../../../src/lib/format.ts';
import { BOOKING_TEXT as T } from '../../../../src/features/appointments/portal-booking-texts.ts';
import { InClinicPage, IntakeCallPage } from '../../../../src/features/appointments/visit-booking-page.tsx';
import { PageActorOverrideContext } from '../../../../src/lib/page-actor.ts';
import { PAGE_FRAME_TEXT } from '../../../../src/lib/page-frame.tsx';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './visit-booking.model.ts';

/** The replay's copy of the chart, with the page's own booking chart invoked in place of a stand-in. */
function RealBooking({ children }: { children: ReactNode }) {
  const replay = useContext(PageActorOverrideContext)!;
  const override = useMemo(
    () => ({
      logic: (id: string, logic: AnyStateMachine) =>
        replay.logic(id, logic)?.provide({ actors: { booking: logic.implementations.actors.booking } } as never) as AnyStateMachine | undefined,
      attach: replay.attach,
    }),
    [replay],
  );
  return <PageActorOverrideContext.Provider value={override}>{children}</PageActorOverrideContext.Provider>;
}

const click = (el: HTMLElement | null | undefined) => (el ? step(() => fireEvent.click(el)).then(() => true) : false);
const button = (name: string) => screen.queryByRole('button', { name });
const form = () => screen.queryByRole('form');

describeReplayOnView('the portal booking pages', {
  model,
  mount: (path, wrap) => {
    const call = path.spec.name === 'call';
    const route = call ? '/user/intake-call/:clientId' : '/user/in-clinic/:clientId';
    return renderPage(wrap(<RealBooking>{call ? <IntakeCallPage /> : <InClinicPage />}</RealBooking>), {
      path: route.replace(':clientId', '21'),
      route,
      role: 'CLIENT',
      answer: () => undefined,
    });
  },
  drive: async (event, _, actor) => {
    const snapshot = actor.getSnapshot();
    switch (event.type) {
      case 'visit.retry':
        return click(button(PAGE_FRAME_TEXT.retry));
      case 'visit.selectService': {
        const service = snapshot.context.services.find((s: { id: number }) => s.id === event.service);
        return click(service && button(`${T.choose} ${service.name}`));
      }
      case 'visit.answer': {
        if (!form()) return false;
        const question = visitSelectors.questions(snapshot).find((q) => q.key === event.key)!;
        if (snapshot.context.kind === 'call') {
          await step(() => fireEvent.change(within(form()!).getByLabelText(question.text), { target: { value: event.value } }));
          return true;
        }
        const group = within(form()!).getByRole('radiogroup', { name: question.text });
        return click(within(group).getByRole('radio', { name: event.value === 'no' ? T.no : T.yes }));
      }
      case 'visit.setChannel':
        return click(form() && within(form()!).getByRole('radio', { name: event.channel === 'video' ? T.video : T.phone }));
      case 'visit.next':
        if (!form()) return false;
        await step(() => fireEvent.submit(form()!));
        return true;
      case 'visit.back':
        return click(form() && within(form()!).getByRole('button', { name: T.back }));
      case 'visit.again':
        return click(button(T.bookAnother));
      case 'xstate.done.actor.booking':
        // The booking chart ends when the client goes back from the free times.
        return click(document.querySelector('[data-step="slots"]') && button(T.back));
    }
    return false;
  },
  expectScreen: (snapshot) => {
    const view = visitSelectors.view(snapshot);
    expect(screen.queryByText(PAGE_FRAME_TEXT.loadFailed) !== null, 'the retry alert').toBe(view === 'failed');
    expect(screen.queryByRole('progressbar') !== null && view !== 'booking', 'loading').toBe(view === 'loading');
    const cards = [...document.querySelectorAll('[data-service]')].map((c) => Number(c.getAttribute('data-service')));
    expect(cards, 'the services offered').toEqual(view === 'choosing' ? visitSelectors.services(snapshot).map((s) => s.service.id) : []);
    if (view === 'choosing') {
      expect(
        screen.queryAllByRole('alert').some((a) => a.textContent === T.noCredit),
        'why it cannot be booked',
      ).toBe(visitSelectors.noCredit(snapshot));
      for (const { service, balance, bookable } of visitSelectors.services(snapshot)) {
        if (balance !== null)
          expect(document.querySelector(`[data-service="${service.id}"] [data-field="balance"]`)?.textContent).toBe(bookable ? T.balance(balance) : T.noCredit);
      }
    }
    expect(form()?.getAttribute('aria-label') ?? null, 'the questions').toBe(view === 'preparing' ? visitSelectors.service(snapshot)!.name : null);
    if (view === 'preparing') {
      const answers = visitSelectors.answers(snapshot);
      for (const q of visitSelectors.questions(snapshot)) {
        if (snapshot.context.kind === 'call') expect((within(form()!).getByLabelText(q.text) as HTMLTextAreaElement).value).toBe(answers[q.key] ?? '');
        else {
          const group = within(form()!).getByRole('radiogroup', { name: q.text });
          const checked = within(group)
            .getAllByRole('radio')
            .find((r) => (r as HTMLInputElement).checked);
          expect((checked as HTMLInputElement | undefined)?.value ?? '', `the answer to ${q.key}`).toBe(answers[q.key] ?? '');
        }
      }
      if (snapshot.context.kind === 'call')
        expect((within(form()!).getByRole('radio', { name: T.video }) as HTMLInputElement).checked, 'video').toBe(visitSelectors.channel(snapshot) === 'video');
      expect(button(T.toTimes)!.hasAttribute('disabled'), 'choose a time').toBe(!visitSelectors.canContinue(snapshot));
    }
    // The credit the session will use, said while preparing and choosing the time (issue 35).
    const credit = visitSelectors.credit(snapshot);
    const said = document.querySelector('[data-field="uses-credit"]')?.textContent ?? null;
    expect(said, 'the credit it uses').toBe(
      (view === 'preparing' || view === 'booking') && credit
        ? T.usesCredit(credit.left, words(credit.therapy), credit.expires_on ? formatDate(credit.expires_on) : null)
        : null,
    );
    expect(document.querySelector('[data-step="slots"]') !== null, 'the free times').toBe(view === 'booking');
    const booked = visitSelectors.booked(snapshot);
    expect(document.querySelector('[data-step="booked"]') !== null, 'the confirmation').toBe(view === 'booked');
    if (view === 'booked' && booked)
      expect(screen.getByText(T.booked(visitSelectors.service(snapshot)!.name, formatWhen(booked.start, visitSelectors.timeZone(snapshot))))).toBeTruthy();
  },
});
