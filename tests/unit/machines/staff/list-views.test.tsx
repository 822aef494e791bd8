// @vitest-environment happy-dom
// The staff list chart's model paths replayed on the clients hub (/clients), the server-side grid
// the users list shares (src/lib/staff/server-grid.tsx): the real page, hook and grid; the chart's
// page fetches settle as each path says. The person searches, filters by program, changes the
// page size and retries through the page; after every step the grid shows what the chart holds:
// the query (search box, filter, page size), the rows and their count, the loading overlay, and
// the failure alert with its message.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { listSelectors } from '../../../../machines/staff/selectors.ts';
import { ClientsPage } from '../../../../src/features/clients/clients-page.tsx';
import { CLIENTS_LOAD_FAILED, CLIENTS_SEARCH_LABEL, FILTER_PROGRAM, RETRY } from '../../../../src/features/clients/texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './list.model.ts';

// The program the model's filter names (`program` = '4'), so the filter offers it.
const PROGRAMS = [{ id: 4, name: 'Diabetes reversal', description: '', is_active: true }];

const grid = () => screen.getByRole('grid');
/** The grid with its footer (the pagination). */
const gridRoot = () => grid().closest('.MuiDataGrid-root') as HTMLElement;

async function choose(combobox: HTMLElement, option: string) {
  await step(() => fireEvent.mouseDown(combobox));
  const listbox = screen.getByRole('listbox');
  await step(() => fireEvent.click(within(listbox).getByRole('option', { name: option })));
}

describeReplayOnView('the clients hub (staff list)', {
  model,
  mount: (_path, wrap) => {
    // Every path on the fake clock: a path that ends while search waits for typing to pause would
    // otherwise race the real 300 ms against the grid's renders (the harness fakes it only for paths
    // that wait it out).
    if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    return renderPage(wrap(<ClientsPage />), {
      path: '/clients',
      answer: (r) => (r.path === '/programs/programs' ? [200, PROGRAMS] : undefined),
    });
  },
  drive: async (event) => {
    switch (event.type) {
      case 'list.search':
        await step(() => fireEvent.change(screen.getByRole('searchbox', { name: CLIENTS_SEARCH_LABEL }), { target: { value: event.search } }));
        return true;
      case 'list.filter':
        await choose(screen.getByRole('combobox', { name: FILTER_PROGRAM }), PROGRAMS.find((p) => String(p.id) === event.value)!.name);
        return true;
      case 'list.page':
        // A new page size is chosen in the grid's footer; the grid then asks for the first page, as
        // the chart does. Page 3 at the same size (the model's other `list.page`) is no one click
        // from the first page, so it is sent as the grid would send it.
        if (event.pageSize === 25) return false;
        await choose(within(gridRoot()).getByRole('combobox'), String(event.pageSize));
        return true;
      case 'list.retry': {
        const retry = screen.queryByRole('button', { name: RETRY });
        if (retry) await step(() => fireEvent.click(retry));
        return !!retry;
      }
      default:
        // A sort to "-last_name" is two header clicks (ascending first), and reload is the page's
        // own call after a new client is created: both sent as the grid and the hook send them.
        return false;
    }
  },
  expectScreen: (snapshot) => {
    const query = listSelectors.query(snapshot);
    const failure = listSelectors.failure(snapshot);
    const alert = screen.queryByText(CLIENTS_LOAD_FAILED, { exact: false });
    expect(alert !== null, 'the failure alert').toBe(failure !== null);
    if (failure) expect(alert!.textContent).toContain(failure);
    expect((screen.getByRole('searchbox', { name: CLIENTS_SEARCH_LABEL }) as HTMLInputElement).value, 'the search box').toBe(query.search);
    const program = screen.getByRole('combobox', { name: FILTER_PROGRAM });
    expect(program.parentElement!.querySelector('input')!.value, 'the program filter').toBe(query.filters.program ?? '');
    // The grid's loading overlay while a page is asked for (and while typing pauses).
    const overlay = document.querySelector('.MuiDataGrid-skeletonLoadingOverlay, .MuiDataGrid-overlay [role="progressbar"]');
    expect(overlay !== null, 'the loading overlay').toBe(listSelectors.isLoading(snapshot));
    const rows = listSelectors.rows(snapshot);
    const count = listSelectors.count(snapshot);
    expect(within(grid()).queryAllByRole('link').length, 'the rows shown').toBe(rows.length);
    if (count > 0) {
      const from = query.page * query.pageSize;
      expect(gridRoot().textContent, 'the page and its size').toContain(`${from + 1}–${Math.min(from + query.pageSize, count)} of ${count}`);
    }
  },
});
