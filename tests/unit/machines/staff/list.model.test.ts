// Every path of the staff list machine, replayed on the production machine: each query change
// fetches (search after the typing pause), page size changes and sort, search and filter go back
// to the first page, a fetched page is shown whole, and a failure keeps its §8 message until retry.
import { expect } from 'vitest';
import { describeModel } from '../../../support/model-paths.ts';
import { FAILURE, model, PAGE } from './list.model.ts';

describeModel('staff list', model, (snapshot, event) => {
  const { query, rows, count, error } = snapshot.context;
  switch (event.type) {
    case 'list.page':
      expect(snapshot.value).toBe('loading');
      expect(query.pageSize).toBe(event.pageSize);
      expect(query.page).toBe(event.pageSize === 25 ? event.page : 0);
      break;
    case 'list.sort':
      expect(query).toMatchObject({ ordering: '-last_name', page: 0 });
      break;
    case 'list.filter':
      expect(query).toMatchObject({ filters: { program: '4' }, page: 0 });
      break;
    case 'list.search':
      // Typing waits for a pause; the query already holds the text the box shows.
      expect(snapshot.value).toBe('typing');
      expect(query).toMatchObject({ search: 'asha', page: 0 });
      break;
    default:
      if (event.type.startsWith('xstate.after.')) expect(snapshot.value).toBe('loading');
      if (event.type.startsWith('xstate.done.actor.')) {
        expect(snapshot.value).toBe('ready');
        expect({ rows, count, error }).toEqual({ rows: PAGE.rows, count: PAGE.count, error: null });
      }
      if (event.type.startsWith('xstate.error.actor.')) {
        expect(snapshot.value).toBe('failed');
        expect(error).toBe(FAILURE.message);
      }
  }
  expect(snapshot.hasTag('pending')).toBe(snapshot.matches('loading') || snapshot.matches('typing'));
});
