// @vitest-environment happy-dom
// The back office's Billing tab (issue 34): the GSTIN's check character checked as it is typed (the
// field says why, Save waits), the settings saved whole; an item's tax data and the products
// catalogue edited, and a product on a document refused its deletion in the server's words.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { gstinProblem } from '../../../../machines/billing/gstin.ts';
import { BackofficePage } from '../../../../src/app/routes/backoffice/backoffice-page.tsx';
import { BillingSettingsTab, GstReturnsSection } from '../../../../src/features/billing/billing-settings-tab.tsx';
import { BILLING_TAB_LABEL, CATALOGUE_TEXT as C, GST_RETURNS_TEXT as R, TAX_SETTINGS_TEXT as T } from '../../../../src/features/billing/settings-texts.ts';
import { CATALOGUE, SETTINGS } from '../../machines/billing/portal-billing-fixtures.ts';
import { renderPage, type Sent } from '../discovery/render.tsx';

afterEach(cleanup);

function mount(options: { deleteAnswer?: [number, unknown] } = {}) {
  return renderPage(<BillingSettingsTab />, {
    path: '/backoffice',
    role: 'ADMIN',
    answer: (r: Sent) => {
      if (r.path === '/billing/settings' && r.method === 'GET') return [200, { ...SETTINGS, state_name: 'Maharashtra' }];
      if (r.path === '/billing/settings' && r.method === 'PUT')
        return [200, { ...SETTINGS, ...(r.body as object), state_name: 'Maharashtra', configured: true }];
      if (r.path === '/billing/item-tax' && r.method === 'GET') return [200, CATALOGUE.items];
      if (r.path === '/billing/item-tax' && r.method === 'PUT') return [200, { ...CATALOGUE.items[1], ...(r.body as object), set: true }];
      if (r.path === '/billing/products' && r.method === 'GET') return [200, CATALOGUE.products];
      if (r.path === '/billing/products' && r.method === 'POST') return [201, { id: 8, ...(r.body as object) }];
      if (r.path === '/billing/products/7' && r.method === 'DELETE') return options.deleteAnswer ?? [204, null];
      return undefined;
    },
  });
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;

describe('the back office', () => {
  it('has a Billing tab, opened by a link, showing the tax settings and the catalogue', async () => {
    renderPage(<BackofficePage />, {
      path: '/backoffice?tab=billing',
      role: 'ADMIN',
      answer: (r: Sent) =>
        r.path === '/billing/settings'
          ? [200, { ...SETTINGS, state_name: 'Maharashtra' }]
          : r.path === '/billing/item-tax'
            ? [200, CATALOGUE.items]
            : r.path === '/billing/products'
              ? [200, CATALOGUE.products]
              : r.path === '/visits/stock-lots'
                ? [200, []]
                : undefined,
    });
    await waitFor(() => expect(screen.getByRole('tab', { name: BILLING_TAB_LABEL, selected: true })).toBeTruthy());
    expect(await screen.findByRole('heading', { name: T.title })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: C.productsTitle })).toBeTruthy();
  });
});

describe('tax settings', () => {
  it('says at once what is wrong with a GSTIN, keeps Save off until it passes, then saves the whole settings', async () => {
    const { sent } = mount();
    await waitFor(() => expect(input(T.gstin).value).toBe(SETTINGS.gstin));
    const save = screen.getByRole('button', { name: T.save }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    fireEvent.change(input(T.gstin), { target: { value: '27aapfu0939f1za' } });
    expect(input(T.gstin).value).toBe('27AAPFU0939F1ZA');
    expect(screen.getByText(gstinProblem('27AAPFU0939F1ZA')!)).toBeTruthy();
    expect(input(T.gstin).getAttribute('aria-invalid')).toBe('true');
    expect(save.disabled).toBe(true);
    // A GSTIN of another State is named as such.
    fireEvent.change(input(T.gstin), { target: { value: '29AAPFU0939F1ZR' } });
    expect(screen.getByText(/registered in Karnataka, not Maharashtra/)).toBeTruthy();
    fireEvent.change(input(T.gstin), { target: { value: '27AAPFU0939F1ZV' } });
    fireEvent.change(input(T.upiVpa), { target: { value: 'thrive@okhdfc' } });
    expect(save.disabled).toBe(false);
    await act(async () => fireEvent.click(save));
    await screen.findByText(T.saved);
    const put = sent.find((r) => r.method === 'PUT' && r.path === '/billing/settings')!;
    expect(put.body).toEqual({
      legal_name: SETTINGS.legal_name,
      gstin: '27AAPFU0939F1ZV',
      state_code: '27',
      address: SETTINGS.address,
      series_prefixes: SETTINGS.series_prefixes,
      upi_vpa: 'thrive@okhdfc',
      upi_payee_name: SETTINGS.upi_payee_name,
      invoice_note: null,
      gst_rates_bp: SETTINGS.gst_rates_bp,
    });
  });

  it('never sends a form whose prefix would not fit a 16-character number', async () => {
    const { sent } = mount();
    await waitFor(() => expect(input(T.prefix.invoice).value).toBe('INV'));
    fireEvent.change(input(T.prefix.invoice), { target: { value: 'INVOICE' } });
    expect(screen.getByText(/At most 4 characters/)).toBeTruthy();
    const save = screen.getByRole('button', { name: T.save }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.submit(save.closest('form')!);
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
  });
});

describe('tax data and products', () => {
  it("sets a package plan's SAC code and rate from the clinic's rates, and adds a product", async () => {
    const { sent } = mount();
    const items = await screen.findByRole('table', { name: C.itemsTitle });
    expect(within(items).getByText('Recovery 10').closest('tr')!.textContent).toContain(C.notSet);
    fireEvent.click(screen.getByRole('button', { name: C.editLabel('Recovery 10') }));
    const dialog = await screen.findByRole('dialog', { name: C.editTax('Recovery 10') });
    fireEvent.change(within(dialog).getByLabelText(C.code), { target: { value: '99972' } });
    fireEvent.change(within(dialog).getByLabelText(C.code), { target: { value: '12ab' } });
    expect(within(dialog).getByText('A SAC or HSN code is 4 to 8 digits.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: C.save }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(C.code), { target: { value: '999722' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: C.save })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A plan never set opens on the clinic's first rate (0 %), one of the rates it offers.
    expect(sent.find((r) => r.method === 'PUT' && r.path === '/billing/item-tax')!.body).toEqual({
      item_kind: 'package_plan',
      item_id: 4,
      code: '999722',
      gst_rate_bp: 0,
      exempt: false,
    });

    fireEvent.click(await screen.findByRole('button', { name: C.newProduct }));
    const product = await screen.findByRole('dialog', { name: C.newProductTitle });
    fireEvent.change(within(product).getByLabelText(C.productName), { target: { value: 'Omega 3' } });
    fireEvent.change(within(product).getByLabelText(C.unitPrice), { target: { value: '450.5' } });
    fireEvent.change(within(product).getByLabelText(C.code), { target: { value: '2106' } });
    await act(async () => fireEvent.click(within(product).getByRole('button', { name: C.save })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((r) => r.method === 'POST' && r.path === '/billing/products')!.body).toEqual({
      name: 'Omega 3',
      unit_price_paise: 45_050,
      code: '2106',
      gst_rate_bp: 0,
      exempt: false,
      active: true,
    });
    // The catalogue is read again after each save.
    expect(sent.filter((r) => r.method === 'GET' && r.path === '/billing/products')).toHaveLength(3);
  });

  it("shows the server's refusal to delete a product that is on a document", async () => {
    const refusal = 'Vitamin D3 is on an issued document: retire it instead.';
    mount({ deleteAnswer: [409, { detail: refusal }] });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: C.deleteLabel('Vitamin D3') })));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(document.querySelector('[data-product="7"]')).not.toBeNull();
  });
});

describe('GST returns', () => {
  it("asks for the month just ended by default and saves the return under the server's file name", async () => {
    const saved: { name: string; text: string }[] = [];
    const created = URL.createObjectURL;
    const clicked = HTMLAnchorElement.prototype.click;
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:gstr1-${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href)!;
      void blob.text().then((text) => saved.push({ name: this.download, text }));
    };
    try {
      const { sent } = renderPage(<GstReturnsSection today="2026-11-28" />, {
        path: '/backoffice',
        role: 'ADMIN',
        answer: (r: Sent) =>
          r.path === '/billing/returns/gstr1'
            ? r.query.get('period') === '2026-09'
              ? [409, { detail: 'The clinic has no GSTIN in its tax settings, so it files no GSTR-1.' }]
              : [
                  200,
                  { gstin: '27AAPFU0939F1ZV', fp: '102026', version: 'GST3.2.3', hash: 'hash' },
                  { 'content-disposition': 'attachment; filename="GSTR1_27AAPFU0939F1ZV_102026.json"' },
                ]
            : undefined,
      });
      const month = screen.getByLabelText(R.month) as HTMLInputElement;
      expect(month.value).toBe('2026-10');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: R.download })));
      expect(await screen.findByText(R.saved('GSTR1_27AAPFU0939F1ZV_102026.json'))).toBeTruthy();
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0].name).toBe('GSTR1_27AAPFU0939F1ZV_102026.json');
      expect(JSON.parse(saved[0].text)).toMatchObject({ fp: '102026', hash: 'hash' });
      expect(sent.filter((r) => r.path === '/billing/returns/gstr1').map((r) => r.query.get('period'))).toEqual(['2026-10']);
      // A refusal is shown in the server's words, and the month stays to try again.
      await act(async () => fireEvent.change(month, { target: { value: '2026-09' } }));
      await act(async () => fireEvent.click(screen.getByRole('button', { name: R.download })));
      expect((await screen.findByRole('alert')).textContent).toBe('The clinic has no GSTIN in its tax settings, so it files no GSTR-1.');
      expect(month.value).toBe('2026-09');
      expect(saved).toHaveLength(1);
    } finally {
      URL.createObjectURL = created;
      HTMLAnchorElement.prototype.click = clicked;
    }
  });
});
