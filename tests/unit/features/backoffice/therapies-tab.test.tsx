// @vitest-environment happy-dom
// The back office Therapies tab (issue 17): ADMIN changes a threshold and only that is sent; the
// server's field error shows beside the field; lots at or below their level raise the low-stock
// warning and expired lots are marked; receiving a lot and adding a recipe send what was typed.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_THERAPY_SETTINGS } from '../../../../machines/visits/visit-settings';
import { TherapiesTab } from '../../../../src/features/backoffice/therapies/therapies-tab';
import { THERAPIES_TEXT as T } from '../../../../src/features/backoffice/therapies/texts';
import { renderPage, type Sent } from '../discovery/render';

afterEach(cleanup);

const lot = (id: number, lot_number: string, quantity: number, low_at: number, expired = false) => ({ id, item: 'Vitamin C', lot_number, expires_on: expired ? '2025-01-31' : '2027-06-30', quantity, unit: 'g', low_at, low: quantity <= low_at, expired });

function mount(overrides: { patch?: (b: Record<string, unknown>) => [number, unknown] } = {}) {
  let settings = structuredClone(DEFAULT_THERAPY_SETTINGS) as unknown as Record<string, unknown>;
  const lots = [lot(1, 'VC-1', 20, 5), lot(2, 'VC-2', 3, 5), lot(3, 'VC-OLD', 50, 5, true)];
  const recipes = [{ id: 1, name: 'Myers', base_fluid: 'Normal saline', bag_volume: 250, ingredients: [{ item: 'Vitamin C', dose: 5, unit: 'g' }], active: true }];
  return renderPage(<TherapiesTab />, {
    path: '/backoffice',
    answer: (r: Sent) => {
      if (r.path === '/visits/therapy-settings' && r.method === 'GET') return [200, settings];
      if (r.path === '/visits/therapy-settings' && r.method === 'PATCH') {
        const body = r.body as Record<string, unknown>;
        const answer = overrides.patch?.(body);
        if (answer) return answer;
        settings = { ...settings, ...body };
        return [200, settings];
      }
      if (r.path === '/visits/stock-lots' && r.method === 'GET') return [200, lots];
      if (r.path === '/visits/stock-lots' && r.method === 'POST') {
        const b = r.body as ReturnType<typeof lot>;
        const made = lot(lots.length + 1, b.lot_number, b.quantity, b.low_at);
        lots.push(made);
        return [201, made];
      }
      if (r.path === '/visits/iv-recipes' && r.method === 'GET') return [200, recipes];
      if (r.path === '/visits/iv-recipes' && r.method === 'POST') {
        const made = { id: recipes.length + 1, active: true, ...(r.body as object) } as (typeof recipes)[number];
        recipes.push(made);
        return [201, made];
      }
      return undefined;
    },
  });
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('back office Therapies tab', () => {
  it('sends only the changed threshold and shows the saved value', async () => {
    const { sent } = mount();
    const field = (await screen.findByLabelText(T.numbers.systolic_block)) as HTMLInputElement;
    expect(field.value).toBe('180');
    const save = screen.getByRole('button', { name: T.saveSettings }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    type(T.numbers.systolic_block, '170');
    await act(async () => fireEvent.click(save));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')!.body).toEqual({ systolic_block: 170 });
    await screen.findByText(T.settingsSaved);
    await waitFor(() => expect((screen.getByLabelText(T.numbers.systolic_block) as HTMLInputElement).value).toBe('170'));
  });

  it('shows the server’s field error beside the field it names, and a changed contraindication list', async () => {
    const { sent } = mount({ patch: (b) => ('hbot_soft_min_ata' in b ? [400, { detail: 'Bad input.', errors: { hbot_soft_min_ata: ['The soft chamber range is upside down.'] } }] : [0, null]) });
    await screen.findByLabelText(T.numbers.hbot_soft_min_ata);
    type(T.numbers.hbot_soft_min_ata, '1.9');
    type(`${T.addCondition} (HBOT)`, 'Recent ear surgery');
    fireEvent.click(within(document.querySelector('[data-conditions="hbot"]') as HTMLElement).getByRole('button', { name: T.addCondition }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.saveSettings })));
    await waitFor(() => expect((screen.getByLabelText(T.numbers.hbot_soft_min_ata).closest('.MuiFormControl-root') as HTMLElement).textContent).toContain('The soft chamber range is upside down.'));
    expect(screen.getByLabelText(T.numbers.hbot_soft_min_ata).getAttribute('aria-invalid')).toBe('true');
    const body = sent.find((r) => r.method === 'PATCH')!.body as { hbot_soft_min_ata: number; contraindications: { hbot: Array<{ key: string; severity: string }> } };
    expect(body.hbot_soft_min_ata).toBe(1.9);
    expect(body.contraindications.hbot.at(-1)).toEqual({ key: 'recent_ear_surgery', label: 'Recent ear surgery', severity: 'relative' });
    expect(Object.keys(body.contraindications)).toEqual(['hbot']);
  });

  it('warns of low stock, marks expired lots and receives a lot', async () => {
    const { sent } = mount();
    const stock = () => within(document.querySelector('[data-stock-lots]') as HTMLElement);
    await screen.findByText(T.lowWarning(1));
    expect(stock().getAllByRole('alert').map((a) => a.textContent)).toEqual([T.lowWarning(1)]);
    const row = (n: string) => document.querySelector(`[data-lot="${n}"]`) as HTMLElement;
    expect(within(row('VC-2')).getByText(T.low)).toBeTruthy();
    expect(within(row('VC-OLD')).getByText(T.expired)).toBeTruthy();
    expect(within(row('VC-1')).queryByText(T.low)).toBeNull();
    const form = screen.getByRole('form', { name: T.receiveLot });
    for (const [label, value] of [[T.item, 'Vitamin C'], [T.lotNumber, 'VC-3'], [T.expiresOn, '2027-12-31'], [T.quantity, '4'], [T.unit, 'g'], [T.lowAt, '5']]) {
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    }
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: T.saveLot })));
    await screen.findByText(T.lotSaved('Vitamin C', 'VC-3'));
    expect(sent.find((r) => r.method === 'POST' && r.path === '/visits/stock-lots')!.body).toEqual({ item: 'Vitamin C', lot_number: 'VC-3', expires_on: '2027-12-31', quantity: 4, unit: 'g', low_at: 5 });
    await screen.findByText(T.lowWarning(2));
  });

  it('lists the recipes and adds one', async () => {
    const { sent } = mount();
    await screen.findByText(/Myers · Normal saline 250 ml/);
    const form = screen.getByRole('form', { name: T.newRecipe });
    fireEvent.change(within(form).getByLabelText(T.recipeName), { target: { value: 'Hydration' } });
    fireEvent.change(within(form).getByLabelText(T.baseFluid), { target: { value: 'Ringer lactate' } });
    fireEvent.change(within(form).getByLabelText(T.bagVolume), { target: { value: '500' } });
    fireEvent.change(within(form).getByLabelText(`${T.ingredient} 1`), { target: { value: 'Magnesium' } });
    fireEvent.change(within(form).getByLabelText(`${T.dose} 1`), { target: { value: '1.5' } });
    fireEvent.change(within(form).getByLabelText(`${T.unit} 1`), { target: { value: 'g' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: T.saveRecipe })));
    await screen.findByText(T.recipeSaved('Hydration'));
    expect(sent.find((r) => r.method === 'POST' && r.path === '/visits/iv-recipes')!.body).toEqual({ name: 'Hydration', base_fluid: 'Ringer lactate', bag_volume: 500, ingredients: [{ item: 'Magnesium', dose: 1.5, unit: 'g' }] });
    await screen.findByText(/Hydration · Ringer lactate 500 ml/);
  });
});
