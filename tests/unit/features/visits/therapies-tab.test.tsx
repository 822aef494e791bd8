// @vitest-environment happy-dom
// The back office Therapies tab (issue 17): ADMIN changes a threshold and only that is sent; the
// server's field error shows beside the field; lots at or below their level raise the low-stock
// warning and expired lots are marked; receiving a lot and adding a recipe send what was typed; a
// recipe is edited in a dialog and deactivated/activated after a confirmation; a lot is adjusted
// with a kind, quantity and reason (the server's refusal shown beside the quantity) and its
// history lists each movement with its change, balance, reason or visit, and who recorded it.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_THERAPY_SETTINGS } from '../../../../machines/visits/visit-settings.ts';
import { TherapiesTab } from '../../../../src/features/visits/therapies/therapies-tab.tsx';
import { THERAPIES_TEXT as T } from '../../../../src/features/visits/therapies/texts.ts';
import { dateInput, typeDay } from '../../../support/date-field-view.ts';
import { renderPage, type Sent } from '../discovery/render.tsx';

afterEach(cleanup);

const lot = (id: number, lot_number: string, quantity: number, low_at: number, expired = false) => ({
  id,
  item: 'Vitamin C',
  lot_number,
  expires_on: expired ? '2025-01-31' : '2027-06-30',
  quantity,
  unit: 'g',
  low_at,
  low: quantity <= low_at,
  expired,
});

const movements = [
  {
    id: 3,
    lot: 1,
    kind: 'wasted',
    quantity: -2,
    balance: 20,
    reason: 'Vial cracked',
    visit: null,
    by: 7,
    by_name: 'Rohan Mehta',
    at: '2026-11-20T05:30:00.000Z',
  },
  { id: 2, lot: 1, kind: 'visit', quantity: -8, balance: 22, reason: null, visit: 41, by: 9, by_name: null, at: '2026-11-19T05:30:00.000Z' },
  {
    id: 1,
    lot: 1,
    kind: 'received',
    quantity: 30,
    balance: 30,
    reason: 'Lot received.',
    visit: null,
    by: 7,
    by_name: 'Rohan Mehta',
    at: '2026-11-18T05:30:00.000Z',
  },
];

function mount(
  overrides: { patch?: (b: Record<string, unknown>) => [number, unknown]; adjust?: (b: Record<string, unknown>) => [number, unknown] | undefined } = {},
) {
  let settings = structuredClone(DEFAULT_THERAPY_SETTINGS) as unknown as Record<string, unknown>;
  const lots = [lot(1, 'VC-1', 20, 5), lot(2, 'VC-2', 3, 5), lot(3, 'VC-OLD', 50, 5, true)];
  const recipes = [
    { id: 1, name: 'Myers', base_fluid: 'Normal saline', bag_volume: 250, ingredients: [{ item: 'Vitamin C', dose: 5, unit: 'g' }], active: true },
  ];
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
      if (r.path === '/visits/stock-lots/1/adjustments' && r.method === 'GET') return [200, movements];
      if (r.path === '/visits/stock-lots/1/adjustments' && r.method === 'POST') {
        const b = r.body as { kind: string; quantity: number; reason: string };
        const refused = overrides.adjust?.(b);
        if (refused) return refused;
        const balance = b.kind === 'received' ? lots[0].quantity + b.quantity : b.kind === 'count' ? b.quantity : lots[0].quantity - b.quantity;
        const made = {
          id: 4,
          lot: 1,
          kind: b.kind,
          quantity: balance - lots[0].quantity,
          balance,
          reason: b.reason,
          visit: null,
          by: 7,
          by_name: 'Rohan Mehta',
          at: '2026-11-21T05:30:00.000Z',
        };
        lots[0] = lot(1, 'VC-1', balance, 5);
        return [201, made];
      }
      if (r.path.startsWith('/visits/iv-recipes/') && r.method === 'PATCH') {
        const i = recipes.findIndex((x) => `/visits/iv-recipes/${x.id}` === r.path);
        recipes[i] = { ...recipes[i], ...(r.body as object) };
        return [200, recipes[i]];
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

/** A label that starts with `text` (a required field's label ends with an asterisk). */
const starts = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
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
    const { sent } = mount({
      patch: (b) =>
        'hbot_soft_min_ata' in b ? [400, { detail: 'Bad input.', errors: { hbot_soft_min_ata: ['The soft chamber range is upside down.'] } }] : [0, null],
    });
    await screen.findByLabelText(T.numbers.hbot_soft_min_ata);
    type(T.numbers.hbot_soft_min_ata, '1.9');
    type(`${T.addCondition} (HBOT)`, 'Recent ear surgery');
    fireEvent.click(within(document.querySelector('[data-conditions="hbot"]') as HTMLElement).getByRole('button', { name: T.addCondition }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.saveSettings })));
    await waitFor(() =>
      expect((screen.getByLabelText(T.numbers.hbot_soft_min_ata).closest('.MuiFormControl-root') as HTMLElement).textContent).toContain(
        'The soft chamber range is upside down.',
      ),
    );
    expect(screen.getByLabelText(T.numbers.hbot_soft_min_ata).getAttribute('aria-invalid')).toBe('true');
    const body = sent.find((r) => r.method === 'PATCH')!.body as {
      hbot_soft_min_ata: number;
      contraindications: { hbot: Array<{ key: string; severity: string }> };
    };
    expect(body.hbot_soft_min_ata).toBe(1.9);
    expect(body.contraindications.hbot.at(-1)).toEqual({ key: 'recent_ear_surgery', label: 'Recent ear surgery', severity: 'relative' });
    expect(Object.keys(body.contraindications)).toEqual(['hbot']);
  });

  it('warns of low stock, marks expired lots and receives a lot', async () => {
    const { sent } = mount();
    const stock = () => within(document.querySelector('[data-stock-lots]') as HTMLElement);
    await screen.findByText(T.lowWarning(1));
    expect(
      stock()
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([T.lowWarning(1)]);
    const row = (n: string) => document.querySelector(`[data-lot="${n}"]`) as HTMLElement;
    expect(within(row('VC-2')).getByText(T.low)).toBeTruthy();
    expect(within(row('VC-OLD')).getByText(T.expired)).toBeTruthy();
    expect(within(row('VC-1')).queryByText(T.low)).toBeNull();
    const form = screen.getByRole('form', { name: T.receiveLot });
    for (const [label, value] of [
      [T.item, 'Vitamin C'],
      [T.lotNumber, 'VC-3'],
      [T.quantity, '4'],
      [T.unit, 'g'],
      [T.lowAt, '5'],
    ]) {
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    }
    typeDay(dateInput(within(form), T.expiresOn), '2027-12-31');
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: T.saveLot })));
    await screen.findByText(T.lotSaved('Vitamin C', 'VC-3'));
    expect(sent.find((r) => r.method === 'POST' && r.path === '/visits/stock-lots')!.body).toEqual({
      item: 'Vitamin C',
      lot_number: 'VC-3',
      expires_on: '2027-12-31',
      quantity: 4,
      unit: 'g',
      low_at: 5,
    });
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
    expect(sent.find((r) => r.method === 'POST' && r.path === '/visits/iv-recipes')!.body).toEqual({
      name: 'Hydration',
      base_fluid: 'Ringer lactate',
      bag_volume: 500,
      ingredients: [{ item: 'Magnesium', dose: 1.5, unit: 'g' }],
    });
    await screen.findByText(/Hydration · Ringer lactate 500 ml/);
  });

  it('edits a recipe in a dialog: every field is sent as shown, an ingredient removed and one added', async () => {
    const { sent } = mount();
    await screen.findByText(/Myers · Normal saline 250 ml/);
    const row = document.querySelector('[data-recipe="1"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: T.editRecipe('Myers') });
    expect((within(dialog).getByLabelText(starts(T.recipeName)) as HTMLInputElement).value).toBe('Myers');
    expect((within(dialog).getByLabelText(`${T.ingredient} 1`) as HTMLInputElement).value).toBe('Vitamin C');
    fireEvent.change(within(dialog).getByLabelText(starts(T.recipeName)), { target: { value: 'Myers cocktail' } });
    fireEvent.change(within(dialog).getByLabelText(starts(T.bagVolume)), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: T.addIngredient }));
    fireEvent.change(within(dialog).getByLabelText(`${T.ingredient} 2`), { target: { value: 'Magnesium' } });
    fireEvent.change(within(dialog).getByLabelText(`${T.dose} 2`), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText(`${T.unit} 2`), { target: { value: 'g' } });
    fireEvent.click(within(dialog).getByRole('button', { name: T.remove(`${T.ingredient} 1`) }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: T.saveEdit })));
    await screen.findByText(T.recipeUpdated('Myers cocktail'));
    expect(sent.find((r) => r.method === 'PATCH' && r.path === '/visits/iv-recipes/1')!.body).toEqual({
      name: 'Myers cocktail',
      base_fluid: 'Normal saline',
      bag_volume: 500,
      ingredients: [{ item: 'Magnesium', dose: 1, unit: 'g' }],
    });
    await screen.findByText(/Myers cocktail · Normal saline 500 ml/);
  });

  it('deactivates a recipe after saying what happens to visits, and activates it again', async () => {
    const { sent } = mount();
    await screen.findByText(/Myers · Normal saline 250 ml/);
    const row = () => document.querySelector('[data-recipe="1"]') as HTMLElement;
    fireEvent.click(within(row()).getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain(T.whenRecipeDeactivated);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' })));
    await screen.findByText(T.recipeDeactivated('Myers'));
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ active: false }]);
    await waitFor(() => expect(row().getAttribute('data-active')).toBe('false'));
    expect(row().textContent).toContain(T.inactive);
    // Found once the confirmation has closed (while it closes, the page behind it is hidden from roles).
    fireEvent.click(await within(row()).findByRole('button', { name: 'Activate' }));
    const again = await screen.findByRole('dialog');
    expect(again.textContent).toContain(T.whenRecipeActivated);
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Activate' })));
    await screen.findByText(T.recipeActivated('Myers'));
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ active: false }, { active: true }]);
  });

  it('adjusts a lot with a kind, quantity and reason; the server’s refusal shows beside the quantity and the typing stays', async () => {
    const below = 'Only 20 g left in lot VC-1; stock cannot go below zero.';
    const { sent } = mount({ adjust: (b) => (b.quantity === 25 ? [400, { detail: `Invalid quantity: ${below}`, errors: { quantity: [below] } }] : undefined) });
    const row = () => document.querySelector('[data-lot="VC-1"]') as HTMLElement;
    await waitFor(() => expect(row()).toBeTruthy());
    fireEvent.click(within(row()).getByRole('button', { name: T.adjustStock }));
    const dialog = await screen.findByRole('dialog', { name: T.adjustTitle('Vitamin C', 'VC-1') });
    expect(dialog.textContent).toContain(T.adjustHelp(20, 'g'));
    const save = within(dialog).getByRole('button', { name: T.saveAdjustment }) as HTMLButtonElement;
    // The kind: a select; wasted takes from the lot.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: T.kind }));
    fireEvent.click(await screen.findByRole('option', { name: T.kinds.wasted }));
    fireEvent.change(within(dialog).getByLabelText(starts(T.adjustQuantity.wasted)), { target: { value: '25' } });
    expect(save.disabled).toBe(true); // the reason is required
    fireEvent.change(within(dialog).getByLabelText(starts(T.reason)), { target: { value: 'Box dropped' } });
    await act(async () => fireEvent.click(save));
    await waitFor(() => expect(within(dialog).getByLabelText(starts(T.adjustQuantity.wasted)).getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.textContent).toContain(below);
    expect((within(dialog).getByLabelText(starts(T.reason)) as HTMLTextAreaElement).value).toBe('Box dropped');
    fireEvent.change(within(dialog).getByLabelText(starts(T.adjustQuantity.wasted)), { target: { value: '2.5' } });
    await act(async () => fireEvent.click(save));
    await screen.findByText(T.adjusted('Vitamin C', 'VC-1', 17.5, 'g'));
    expect(sent.filter((r) => r.method === 'POST' && r.path === '/visits/stock-lots/1/adjustments').map((r) => r.body)).toEqual([
      { kind: 'wasted', quantity: 25, reason: 'Box dropped' },
      { kind: 'wasted', quantity: 2.5, reason: 'Box dropped' },
    ]);
    await waitFor(() => expect(row().textContent).toContain('17.5 g'));
  });

  it('shows a lot’s history newest first: when, kind, change, balance, reason or visit, and by whom', async () => {
    const { sent } = mount();
    const row = () => document.querySelector('[data-lot="VC-1"]') as HTMLElement;
    await waitFor(() => expect(row()).toBeTruthy());
    expect(sent.some((r) => r.path.endsWith('/adjustments'))).toBe(false);
    fireEvent.click(within(row()).getByRole('button', { name: T.history }));
    const dialog = await screen.findByRole('dialog', { name: T.historyTitle('Vitamin C', 'VC-1') });
    const table = await within(dialog).findByRole('table', { name: T.historyTitle('Vitamin C', 'VC-1') });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      [T.kinds.wasted, '-2 g', '20 g', 'Vial cracked', 'Rohan Mehta'],
      [T.kinds.visit, '-8 g', '22 g', T.visitRef(41), T.unknownUser],
      [T.kinds.received, '+30 g', '30 g', 'Lot received.', 'Rohan Mehta'],
    ]);
    expect(within(table).getAllByRole('row')[1].querySelector('td')!.textContent).toMatch(/2026/);
    fireEvent.click(within(dialog).getByRole('button', { name: T.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
