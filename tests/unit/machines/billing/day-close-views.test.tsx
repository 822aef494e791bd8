// @vitest-environment happy-dom
// The desk's day's close chart replayed on its panel (issue 35): the real panel, hook and adapter;
// the reads and writes settle as each path says. Reception types the counted cash and the reason,
// picks a day, presses Count, Close and Retry (another till is chosen by the chart's event). After
// every step the panel shows what the chart holds: the day's state and expected cash, the counted
// cash and its difference as typed, the reason asked for only when short or over, Count and Close
// offered only when the chart would take them, who closed a closed day, and a refusal in its words.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { dayCloseSelectors as d } from '../../../../machines/billing/selectors.ts';
import { DayClosePanel, differenceWords } from '../../../../src/features/billing/day-close.tsx';
import { BILLING_TEXT as T, formatPaise } from '../../../../src/features/billing/billing-texts.ts';
import { formatDateTime } from '../../../../src/lib/format.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './day-close.model.ts';

const panel = () => document.querySelector<HTMLElement>('[data-day-close]')!;
const field = (name: string) => panel().querySelector<HTMLInputElement>(`[data-field="${name}"]`);
const button = (name: RegExp) => within(panel()).queryByRole('button', { name });
const countButton = () => button(new RegExp(`^(${T.count}|${T.counting})$`));
const closeButton = () => button(new RegExp(`^(${T.closeDay}|${T.closing})$`));
const failure = () => screen.queryAllByRole('alert').find((a) => a.textContent?.includes(T.dayCloseFailed)) ?? null;

describeReplayOnView("the desk's day's close", {
  model,
  mount: (_path, wrap) => {
    // The panel opens on the clinic's today, which the model holds as 28 November 2026 (noon in
    // Kolkata): the page's clock is that day's, whenever the suite runs.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T06:30:00Z'));
    return renderPage(wrap(<DayClosePanel />), { path: '/billing', role: 'RECEPTION', answer: () => undefined });
  },
  drive: async (event) => {
    if (event.type === 'day.counted' || event.type === 'day.reason') {
      const input = field(event.type === 'day.counted' ? 'counted' : 'reason');
      if (!input || input.disabled) return false;
      await step(() => fireEvent.change(input, { target: { value: event.value } }));
      return true;
    }
    if (event.type === 'day.date') {
      const input = field('day');
      if (!input || input.disabled) return false;
      await step(() => fireEvent.change(input, { target: { value: event.day } }));
      return true;
    }
    if (event.type === 'day.count') {
      const b = countButton();
      if (!b || b.hasAttribute('disabled')) return false;
      await step(() => fireEvent.submit(b.closest('form')!));
      return true;
    }
    if (event.type === 'day.close') {
      const b = closeButton();
      if (!b || b.hasAttribute('disabled')) return false;
      await step(() => fireEvent.click(b));
      return true;
    }
    if (event.type === 'day.retry') {
      const alert = failure();
      if (!alert) return false;
      await step(() => fireEvent.click(within(alert).getByRole('button', { name: T.retry })));
      return true;
    }
    return false;
  },
  expectScreen: (snapshot) => {
    const { data, counted, reason, error } = snapshot.context;
    expect(within(panel()).getByRole('heading', { name: T.dayCloseTitle })).not.toBeNull();
    const alert = failure();
    expect(alert !== null, 'the failure').toBe(d.isFailed(snapshot));
    if (alert) expect(alert.textContent).toContain(error);
    expect(field('day') !== null, 'the day shown').toBe(data !== null);
    if (!data) return;
    expect(panel().querySelector('[data-day-status]')!.getAttribute('data-day-status'), 'the state').toBe(data.status);
    expect(panel().querySelector('[data-method="cash"]')!.textContent, 'expected cash').toContain(formatPaise(data.expected.cash_paise));
    expect(panel().querySelector('[data-advance-applied]')!.textContent).toBe(T.advanceApplied(formatPaise(data.advance_applied_paise)));
    const countedInput = field('counted');
    expect(countedInput !== null, 'the count form').toBe(d.showsCount(snapshot));
    if (countedInput) {
      expect(countedInput.value, 'the counted cash').toBe(counted);
      const diff = d.difference(snapshot);
      expect(panel().querySelector('[data-difference]')!.textContent, 'the difference, live').toBe(
        diff === null ? '' : `${T.difference}: ${differenceWords(diff)}`,
      );
      const reasonInput = field('reason');
      expect(reasonInput !== null, 'a reason asked for').toBe(diff !== null && diff !== 0);
      if (reasonInput) expect(reasonInput.value).toBe(reason);
      expect(countButton()!.hasAttribute('disabled'), 'Count offered').toBe(!snapshot.can({ type: 'day.count' }));
      expect(closeButton()!.hasAttribute('disabled'), 'Close offered').toBe(!snapshot.can({ type: 'day.close' }));
      expect(countButton()!.textContent).toBe(d.isCounting(snapshot) ? T.counting : T.count);
    }
    const closedBy = panel().querySelector('[data-closed-by]');
    expect(closedBy?.textContent ?? null, 'who closed it').toBe(
      d.isClosed(snapshot) && data.closed_by && data.closed_at ? T.closedBy(data.closed_by.name, formatDateTime(data.closed_at)) : null,
    );
    const refusal = panel().querySelector('.MuiAlert-colorError');
    expect(d.isFailed(snapshot) ? null : (refusal?.textContent ?? null), 'the refusal').toBe(d.isFailed(snapshot) ? null : error);
  },
});
