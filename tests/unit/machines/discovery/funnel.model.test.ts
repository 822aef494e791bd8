// Every path of the funnel chart, replayed on the production machine: a good range is asked for
// at once (the data of the range before stays until the answer), a range the server would refuse
// waits in `invalid` with the server's field and reason and is never sent, and a failure keeps
// its message until retried. Then the range each fetch is given, in order.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { funnelMachine } from '../../../../machines/discovery/funnel-machine.ts';
import { conversionRate, defaultRange, FUNNEL_RANGE_TEXTS, rangeProblem } from '../../../../machines/discovery/funnel-range.ts';
import { funnelSelectors } from '../../../../machines/discovery/selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { FAILURE, FIGURES, model, TODAY } from './funnel.model.ts';

describeModel('discovery funnel', model, (snapshot, event) => {
  const { range, figures, error, problem } = snapshot.context;
  if (event.type === 'funnel.from' || event.type === 'funnel.to') {
    expect(range[event.type === 'funnel.from' ? 'from' : 'to']).toBe(event.date);
    const expected = rangeProblem(range);
    expect(problem).toEqual(expected);
    expect(snapshot.value).toBe(expected ? 'invalid' : 'loading');
    if (expected) expect(funnelSelectors.figures(snapshot)).toBeNull();
  }
  if (event.type.startsWith('xstate.done.actor.')) {
    expect(snapshot.value).toBe('ready');
    expect(figures).toEqual(FIGURES);
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    expect(snapshot.value).toBe('failed');
    expect(error).toBe(FAILURE.message);
    expect(funnelSelectors.failure(snapshot)).toBe(FAILURE.message);
  }
  if (event.type === 'funnel.reload' || event.type === 'funnel.retry') expect(snapshot.value).toBe(problem ? 'invalid' : 'loading');
  expect(funnelSelectors.isLoading(snapshot)).toBe(snapshot.matches('loading'));
  expect(funnelSelectors.problem(snapshot)).toBe(snapshot.matches('invalid') ? problem : null);
});

describe('discovery funnel range', () => {
  it('opens on the last 90 days and sends the server each range it is moved to, never a refused one', async () => {
    const asked: unknown[] = [];
    const actor = createActor(funnelMachine.provide({ actors: { fetchFunnel: fromPromise(async ({ input }) => (asked.push(input), FIGURES)) } }), {
      input: { today: TODAY },
    }).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'funnel.from', date: '2026-12-31' });
    actor.send({ type: 'funnel.to', date: '2027-01-31' });
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'funnel.to', date: '' });
    actor.send({ type: 'funnel.reload' });
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual([defaultRange(TODAY), { from: '2026-12-31', to: '2027-01-31' }]);
    expect(defaultRange(TODAY)).toEqual({ from: '2026-08-25', to: TODAY });
    expect(funnelSelectors.problem(actor.getSnapshot())).toEqual({ field: 'date_to', reason: FUNNEL_RANGE_TEXTS.dateNeeded });
  });

  it('refuses the ranges the server refuses, with its field and reason', () => {
    expect(rangeProblem({ from: '2026-01-01', to: '2026-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2026-01-01', to: '2027-01-02' })).toBeNull();
    expect(rangeProblem({ from: '2026-01-01', to: '2027-01-03' })).toEqual({ field: 'date_to', reason: FUNNEL_RANGE_TEXTS.rangeTooLong });
    expect(rangeProblem({ from: '2026-02-01', to: '2026-01-31' })).toEqual({ field: 'date_to', reason: FUNNEL_RANGE_TEXTS.rangeOrder });
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-01' })).toEqual({ field: 'date_from', reason: FUNNEL_RANGE_TEXTS.dateNeeded });
  });

  it('gives conversion as a whole percentage, 0 with no prospects', () => {
    expect(conversionRate(1, 3)).toBe(33);
    expect(conversionRate(2, 3)).toBe(67);
    expect(conversionRate(0, 0)).toBe(0);
  });
});
