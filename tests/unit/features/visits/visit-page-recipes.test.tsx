// @vitest-environment happy-dom
// The IV visit's recipe list (issue 17): a recipe the back office deactivated is not offered for a
// visit without it; a visit that already has it still shows it, chosen, beside the active ones.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_THERAPY_SETTINGS } from '../../../../machines/visits/visit-settings.ts';
import { IvVisitPage } from '../../../../src/features/visits/visit-page.tsx';
import { VISIT_TEXT as T } from '../../../../src/features/visits/texts.ts';
import { renderPage, type Sent } from '../discovery/render.tsx';
import { visitRecord } from './visit-record.ts';

afterEach(cleanup);

const visit = visitRecord;

const recipe = (id: number, name: string, active: boolean) => ({
  id,
  name,
  base_fluid: 'Normal saline',
  bag_volume: 250,
  ingredients: [{ item: 'Vitamin C', dose: 5, unit: 'g' }],
  active,
});
const RECIPES = [recipe(1, 'Myers', true), recipe(2, 'Glow', false), recipe(3, 'Hydration', true)];

function mount(v: ReturnType<typeof visit>) {
  return renderPage(<IvVisitPage />, {
    path: '/client/iv/42/visit/7',
    route: '/client/iv/:clientId/visit/:visitId',
    answer: (r: Sent) => {
      if (r.path === '/visits/therapy-visits/7' && r.method === 'GET') return [200, v];
      if (r.path === '/visits/therapy-settings') return [200, DEFAULT_THERAPY_SETTINGS];
      if (r.path === '/visits/iv-recipes') return [200, RECIPES];
      if (r.path === '/visits/stock-lots') return [200, []];
      return undefined;
    },
  });
}

async function offered(): Promise<string[]> {
  const field = await screen.findByRole('combobox', { name: T.recipe });
  await screen.findByText('Asha Rao', { exact: false });
  fireEvent.mouseDown(field);
  const list = await screen.findByRole('listbox');
  return within(list)
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
}

describe('the IV visit’s recipe list', () => {
  it('offers only active recipes to a visit without one', async () => {
    mount(visit('iv', { status: 'draft' }));
    expect(await offered()).toEqual(['Myers', 'Hydration']);
  });

  it('keeps a deactivated recipe the visit already has, shown as chosen', async () => {
    mount(visit('iv', { status: 'draft', parameters: { recipe: 2, base_fluid: 'Normal saline', bag_volume: 250 } }));
    const field = await screen.findByRole('combobox', { name: T.recipe });
    await screen.findByText('Asha Rao', { exact: false });
    expect(field.textContent).toContain('Glow');
    expect(await offered()).toEqual(['Myers', 'Glow', 'Hydration']);
  });
});
