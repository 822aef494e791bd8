// @vitest-environment happy-dom
// The back office Labs tab's catalogue and pincodes (issue 20): a pincode and a test with a marker
// and ranges by sex and age are sent as typed; the server's refusal is shown and the typing kept;
// a booked order offers cancel and reschedule, a collected one neither. Each catalogue row has Edit
// (a dialog that sends only what changed; an existing marker keeps its code) and Deactivate/Activate
// (confirmed, saying what happens to orders that have it); the catalogue is read with inactive items.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LabDesk } from '../../../../src/features/labs/lab-desk.tsx';
import { LAB_DESK_TEXT as T } from '../../../../src/features/labs/desk-texts.ts';
import { page, renderPage, type Sent } from '../discovery/render.tsx';

afterEach(cleanup);

const order = (id: number, status: string) => ({
  id,
  client: 7,
  client_name: 'Meera Iyer',
  status,
  start: '2026-12-01T01:30:00Z',
  address: 'Home',
  pincode: '560034',
  items: [{ id: 1, name: 'FBS' }],
  people: [{ id: 9, self: true, name: 'Meera Iyer', age: 41, sex: 'F' }],
  collector_name: null,
});

const range = { sex: null, age_min: 0, age_max: 120, low: 70, high: 99, critical_low: null, critical_high: null };
const fbs = {
  id: 1,
  code: 'FBS',
  name: 'Fasting blood sugar',
  kind: 'test',
  description: '',
  price_inr: 150,
  fasting_hours: 10,
  sample_type: 'Blood',
  report_hours: 12,
  active: true,
  tests: [],
  markers: [{ id: 11, code: 'GLU', name: 'Glucose', unit: 'mg/dL', ranges: [range] }],
};
const lipid = {
  id: 2,
  code: 'LIPID',
  name: 'Lipid profile',
  kind: 'profile',
  description: '',
  price_inr: 600,
  fasting_hours: 12,
  sample_type: 'Blood',
  report_hours: 24,
  active: false,
  tests: [1],
  markers: [],
};

function mount(refuse?: (r: Sent) => [number, unknown] | undefined, catalogue: unknown[] = []) {
  const pincodes: unknown[] = [];
  return renderPage(<LabDesk />, {
    path: '/backoffice',
    answer: (r: Sent) => {
      const refused = refuse?.(r);
      if (refused) return refused;
      if (r.path === '/labs/orders') return [200, [order(4, 'booked'), order(5, 'collected')]];
      if (r.path === '/labs/catalogue' && r.method === 'GET') return [200, catalogue];
      if (r.path.startsWith('/labs/catalogue/') && r.method === 'PATCH') return [200, catalogue[0]];
      if (r.path === '/labs/slots' && r.method === 'GET')
        return [
          200,
          [
            { start: '2026-12-01T01:30:00Z', places_left: 1 },
            { start: '2026-12-02T01:30:00Z', places_left: 2 },
            { start: '2026-12-03T01:30:00Z', places_left: 0 },
          ],
        ];
      if (r.path === '/labs/slots' && r.method === 'POST')
        return [201, { id: 31, client: 7, pincode: '560034', start: '2026-12-02T01:30:00Z', expires_at: '2026-12-02T01:45:00Z' }];
      if (r.path === '/labs/orders/4' && r.method === 'PATCH') return [200, order(4, 'booked')];
      if (r.path === '/users/users') return [200, page([])];
      if (r.path === '/labs/pincodes' && r.method === 'GET') return [200, pincodes];
      if (r.path === '/labs/pincodes' && r.method === 'POST') {
        pincodes.push(r.body);
        return [201, r.body];
      }
      if (r.path === '/labs/catalogue' && r.method === 'POST') return [201, { id: 1 }];
      return undefined;
    },
  });
}

const inside = (selector: string) => within(document.querySelector(selector) as HTMLElement);

describe('back office Labs tab: catalogue and pincodes', () => {
  it('saves a pincode with its capacity per slot and lists it', async () => {
    const { sent } = mount();
    const section = await waitFor(() => inside('[data-lab-pincodes]'));
    fireEvent.change(section.getByLabelText(T.pincode), { target: { value: '560034' } });
    fireEvent.change(section.getByLabelText(T.area), { target: { value: 'Koramangala' } });
    fireEvent.change(section.getByLabelText(T.slotCapacity), { target: { value: '3' } });
    await act(async () => fireEvent.click(section.getByRole('button', { name: T.savePincode })));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'POST' && r.path === '/labs/pincodes')?.body).toEqual({
        pincode: '560034',
        area: 'Koramangala',
        slot_capacity: 3,
        active: true,
      }),
    );
    await screen.findByText(T.pincodeLine({ pincode: '560034', area: 'Koramangala', slot_capacity: 3 }));
  });

  it('sends a test with its marker and a range for women, and shows the server refusal keeping what was typed', async () => {
    const { sent } = mount((r) =>
      r.method === 'POST' && r.path === '/labs/catalogue'
        ? [400, { detail: 'An item with this code exists.', errors: { code: ['An item with this code exists.'] } }]
        : undefined,
    );
    const form = await waitFor(() => inside('[data-lab-catalogue]'));
    const type = (scope: ReturnType<typeof within>, label: string, value: string) => fireEvent.change(scope.getByLabelText(label), { target: { value } });
    type(form, T.code, 'FBS');
    type(form, T.name, 'Fasting blood sugar');
    type(form, T.price, '150');
    type(form, T.fastingHours, '10');
    type(form, T.sampleType, 'Blood');
    type(form, T.reportHours, '12');
    const marker = inside('[data-marker="0"]');
    type(marker, T.markerCode, 'GLU');
    type(marker, T.markerName, 'Glucose');
    type(marker, T.unit, 'mg/dL');
    const range = inside('[data-range="0"]');
    fireEvent.mouseDown(range.getByLabelText(T.sex));
    fireEvent.click(await screen.findByRole('option', { name: T.female }));
    type(range, T.ageMin, '18');
    type(range, T.low, '70');
    type(range, T.high, '99');
    await act(async () => fireEvent.click(form.getByRole('button', { name: T.addItem })));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/labs/catalogue')).toBe(true));
    expect(sent.find((r) => r.method === 'POST' && r.path === '/labs/catalogue')!.body).toEqual({
      code: 'FBS',
      name: 'Fasting blood sugar',
      kind: 'test',
      price_inr: 150,
      fasting_hours: 10,
      sample_type: 'Blood',
      report_hours: 12,
      markers: [
        {
          code: 'GLU',
          name: 'Glucose',
          unit: 'mg/dL',
          ranges: [{ sex: 'F', age_min: 18, age_max: 120, low: 70, high: 99, critical_low: null, critical_high: null }],
        },
      ],
    });
    await screen.findByRole('alert');
    expect((form.getByLabelText(T.code) as HTMLInputElement).value).toBe('FBS');
  });

  it('offers cancel and reschedule only on an order not yet collected', async () => {
    mount();
    await waitFor(() => expect(document.querySelector('[data-order="5"]')).not.toBeNull());
    const booked = inside('[data-order="4"]');
    const collected = inside('[data-order="5"]');
    expect(booked.getByRole('button', { name: T.cancel })).toBeTruthy();
    expect(booked.getByRole('button', { name: T.reschedule })).toBeTruthy();
    expect(collected.queryByRole('button', { name: T.cancel })).toBeNull();
    expect(collected.queryByRole('button', { name: T.reschedule })).toBeNull();
  });

  it('reads the catalogue with inactive items, marks them, and offers Activate for them and Deactivate for the others', async () => {
    const { sent } = mount(undefined, [fbs, lipid]);
    await waitFor(() => expect(document.querySelector('[data-catalogue-item="LIPID"]')).not.toBeNull());
    expect(sent.find((r) => r.method === 'GET' && r.path === '/labs/catalogue')!.query.get('all')).toBe('true');
    const active = inside('[data-catalogue-item="FBS"]');
    const inactive = inside('[data-catalogue-item="LIPID"]');
    expect(inactive.getByText(T.inactive)).toBeTruthy();
    expect(active.queryByText(T.inactive)).toBeNull();
    expect(inactive.getByRole('button', { name: 'Activate' })).toBeTruthy();
    await act(async () => fireEvent.click(active.getByRole('button', { name: 'Deactivate' })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(T.whenDeactivated)).toBeTruthy();
    const reads = sent.filter((r) => r.method === 'GET' && r.path === '/labs/catalogue').length;
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' })));
    await waitFor(() => expect(sent.find((r) => r.method === 'PATCH')).toMatchObject({ path: '/labs/catalogue/1', body: { active: false } }));
    // Saved, the desk reads the catalogue again.
    await waitFor(() => expect(sent.filter((r) => r.method === 'GET' && r.path === '/labs/catalogue').length).toBe(reads + 1));
  });

  it("edits a test: only the changed fields and the whole marker list are sent; an existing marker's code stays", async () => {
    const { sent } = mount(undefined, [fbs, lipid]);
    await waitFor(() => expect(document.querySelector('[data-catalogue-item="FBS"]')).not.toBeNull());
    const row = inside('[data-catalogue-item="FBS"]');
    await act(async () => fireEvent.click(row.getByRole('button', { name: 'Edit' })));
    const dialog = within(await screen.findByRole('dialog'));
    expect((dialog.getByLabelText(T.name) as HTMLInputElement).value).toBe('Fasting blood sugar');
    expect((dialog.getByLabelText(T.markerCode) as HTMLInputElement).disabled).toBe(true);
    // An existing marker cannot be removed (past results name it); its ranges can.
    expect(
      within(dialog.getByText(T.markers).parentElement!.querySelector('[data-marker="0"]') as HTMLElement).getAllByRole('button', { name: T.remove }),
    ).toHaveLength(1);
    fireEvent.change(dialog.getByLabelText(T.price), { target: { value: '175' } });
    fireEvent.change(dialog.getByLabelText(T.high), { target: { value: '100' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: T.saveItem })));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')).toMatchObject({
      path: '/labs/catalogue/1',
      body: { price_inr: 175, markers: [{ code: 'GLU', name: 'Glucose', unit: 'mg/dL', ranges: [{ ...range, high: 100 }] }] },
    });
    expect(Object.keys(sent.find((r) => r.method === 'PATCH')!.body as object).sort()).toEqual(['markers', 'price_inr']);
  });

  it("shows the server's refusal of an edit beside its field, keeping the dialog open", async () => {
    mount(
      (r) => (r.method === 'PATCH' ? [400, { detail: 'Invalid.', errors: { tests: ['A profile or package includes tests only.'] } }] : undefined),
      [fbs, { ...lipid, active: true }],
    );
    await waitFor(() => expect(document.querySelector('[data-catalogue-item="LIPID"]')).not.toBeNull());
    const row = inside('[data-catalogue-item="LIPID"]');
    await act(async () => fireEvent.click(row.getByRole('button', { name: 'Edit' })));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(T.name), { target: { value: 'Lipid profile (fasting)' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: T.saveItem })));
    // Above the fields and under the tests it names.
    await waitFor(() => expect(dialog.getAllByText('A profile or package includes tests only.')).toHaveLength(2));
    expect((dialog.getByLabelText(T.name) as HTMLInputElement).value).toBe('Lipid profile (fasting)');
  });

  it('moves an order through the shared reschedule picker: its own and full slots cannot be picked; the new slot is held for the client, then the order moved onto it', async () => {
    const { sent } = mount();
    await waitFor(() => expect(document.querySelector('[data-order="4"]')).not.toBeNull());
    await act(async () => fireEvent.click(inside('[data-order="4"]').getByRole('button', { name: T.reschedule })));
    await waitFor(() => expect(document.querySelector('[data-new-slot="2026-12-02T01:30:00Z"]')).not.toBeNull());
    await waitFor(() => expect((document.querySelector('[data-new-slot="2026-12-02T01:30:00Z"]') as HTMLButtonElement).disabled).toBe(false));
    expect((document.querySelector('[data-new-slot="2026-12-01T01:30:00Z"]') as HTMLButtonElement).disabled).toBe(true);
    expect((document.querySelector('[data-new-slot="2026-12-03T01:30:00Z"]') as HTMLButtonElement).disabled).toBe(true);
    expect(sent.find((r) => r.method === 'GET' && r.path === '/labs/slots')!.query.get('pincode')).toBe('560034');
    await act(async () => fireEvent.click(document.querySelector('[data-new-slot="2026-12-02T01:30:00Z"]') as HTMLButtonElement));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH' && r.path === '/labs/orders/4')).toBe(true));
    expect(sent.find((r) => r.method === 'POST' && r.path === '/labs/slots')!.body).toEqual({
      client: 7,
      pincode: '560034',
      start: '2026-12-02T01:30:00Z',
      items: [1],
    });
    expect(sent.find((r) => r.method === 'PATCH' && r.path === '/labs/orders/4')!.body).toEqual({ hold: 31 });
    // Moved, the queue is read again and the picker is gone.
    await waitFor(() => expect(document.querySelector('[data-reschedule]')).toBeNull());
  });
});

describe('the lab desk says what it did (issue 32)', () => {
  it('saving a result says it saved, naming the marker, the value and the person', async () => {
    const { sent } = renderPage(<LabDesk catalogue={false} />, {
      path: '/labs',
      answer: (r: Sent) => {
        if (r.path === '/labs/orders') return [200, [order(6, 'processing')]];
        if (r.path === '/labs/catalogue' && r.method === 'GET') return [200, [fbs]];
        if (r.path === '/users/users') return [200, page([])];
        if (r.path === '/labs/pincodes') return [200, []];
        if (r.path === '/labs/results' && r.method === 'POST') return [201, { id: 1 }];
        return undefined;
      },
    });
    const field = await screen.findByLabelText(T.value('Glucose', 'mg/dL', 'Meera Iyer'));
    fireEvent.change(field, { target: { value: '85' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: `${T.save} ${T.value('Glucose', 'mg/dL', 'Meera Iyer')}` })));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'POST' && r.path === '/labs/results')?.body).toEqual({ order: 6, person: 9, marker: 11, value: 85 }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(T.saved('Glucose', 85, 'mg/dL', 'Meera Iyer'));
    // The desk outside the back office keeps no catalogue.
    expect(document.querySelector('[data-lab-pincodes]')).toBeNull();
  });
});
