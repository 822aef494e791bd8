// @vitest-environment happy-dom
// The visit page's two client- and stock-aware marks (issue 17): a diabetic client's HBOT visit
// shows "Diabetic" and marks glucose before as required (the same rule the server completes by),
// a non-diabetic client's does not; in an IV visit, a lot the server flags low is marked in the
// lot list and, once chosen, under the field.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_THERAPY_SETTINGS } from '../../../../machines/visits/visit-settings.ts';
import { HbotVisitPage, IvVisitPage } from '../../../../src/features/visits/visit-page.tsx';
import { VISIT_TEXT as T } from '../../../../src/features/visits/texts.ts';
import { renderPage, type Sent } from '../discovery/render.tsx';
import { visitRecord } from './visit-record.ts';
import { formatDate } from '../../../../src/lib/format.ts';

afterEach(cleanup);

const visit = visitRecord;

const lot = (id: number, lot_number: string, quantity: number, low: boolean) => ({
  id,
  item: 'Vitamin C',
  lot_number,
  expires_on: '2027-06-30',
  quantity,
  unit: 'g',
  low_at: 5,
  low,
  expired: false,
});

function mount(page: 'hbot' | 'iv', v: ReturnType<typeof visit>) {
  const Page = page === 'hbot' ? HbotVisitPage : IvVisitPage;
  return renderPage(<Page />, {
    path: `/client/${page}/42/visit/7`,
    route: `/client/${page}/:clientId/visit/:visitId`,
    answer: (r: Sent) => {
      if (r.path === '/visits/therapy-visits/7' && r.method === 'GET') return [200, v];
      if (r.path === '/visits/therapy-settings') return [200, DEFAULT_THERAPY_SETTINGS];
      if (r.path === '/visits/iv-recipes')
        return [
          200,
          [{ id: 1, name: 'Myers', base_fluid: 'Normal saline', bag_volume: 250, ingredients: [{ item: 'Vitamin C', dose: 5, unit: 'g' }], active: true }],
        ];
      if (r.path === '/visits/stock-lots') return [200, [lot(1, 'VC-1', 20, false), lot(2, 'VC-2', 3, true)]];
      return undefined;
    },
  });
}

const glucose = () => document.querySelector('input[data-field="glucose_before"]') as HTMLInputElement;

describe('the visit page: glucose before for a diabetic client, low lots', () => {
  it('a diabetic client’s HBOT visit says so and requires glucose before', async () => {
    mount('hbot', visit('hbot', { client_diabetic: true }));
    await screen.findByText(T.diabetic);
    expect(glucose().required).toBe(true);
    expect((document.querySelector('input[data-field="ata"]') as HTMLInputElement).required).toBe(false);
  });

  it('a non-diabetic client’s HBOT visit leaves glucose before optional', async () => {
    mount('hbot', visit('hbot'));
    await screen.findByText('Asha Rao', { exact: false });
    expect(glucose().required).toBe(false);
    expect(screen.queryByText(T.diabetic)).toBeNull();
  });

  it('an IV lot flagged low is marked in the list and once chosen', async () => {
    mount('iv', visit('iv', { parameters: { recipe: 1, ingredients: [{ item: 'Vitamin C', dose: 5, unit: 'g', lot: 2 }] } }));
    await screen.findByText(T.lowLotChosen);
    expect((document.querySelector('input[data-field="lot-0"]') as HTMLInputElement).dataset.low).toBe('true');
    await act(async () => fireEvent.mouseDown(screen.getByRole('combobox', { name: T.lotFor('Vitamin C', '5', 'g') })));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      `VC-1 · 20 g · ${T.expires(formatDate('2027-06-30'))}`,
      `VC-2 · 3 g · ${T.expires(formatDate('2027-06-30'))} · ${T.lowLot}`,
    ]);
  });
});
