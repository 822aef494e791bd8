// @vitest-environment happy-dom
// The tax settings chart's model paths replayed on the back office's Billing tab (its Tax settings
// form): the real tab, hook and adapter; the chart's load and save settle as each path says (saved
// settings, none yet, a failure; saved, or refused in the server's words). The administrator
// types the legal name, the GSTIN (a wrong check character, another State's, a right one) and the
// address, saves and retries through the form. After every step the form shows what the chart
// holds: the progress while loading, the failure with its retry, the values, each field's problem
// by the chart's rules (machines/billing/settings-form.ts), "not set up yet", the refusal, "saved",
// and Save offered only when the chart would take it, read through the chart's named selectors
// (machines/billing/selectors.ts) and its context.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { taxSettingsSelectors as tax } from '../../../../machines/billing/selectors.ts';
import { taxSettingsProblems, type TaxSettingsField } from '../../../../machines/billing/settings-form.ts';
import { BillingSettingsTab } from '../../../../src/features/billing/billing-settings-tab.tsx';
import { TAX_SETTINGS_TEXT as T } from '../../../../src/features/billing/settings-texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { CATALOGUE, SETTINGS, TILLS } from './portal-billing-fixtures.ts';
import { model } from './tax-settings.model.ts';

const form = () => document.querySelector<HTMLElement>('[data-tax-settings]');
const input = (name: string) => form()!.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-field="${name}"]`)!;
const saveButton = () => within(form()!).getByRole('button', { name: /Save tax settings|Saving…/ });
const FIELDS: TaxSettingsField[] = ['legal_name', 'gstin', 'address'];

describeReplayOnView('the Billing tab’s tax settings', {
  model,
  mount: (_path, wrap) =>
    renderPage(wrap(<BillingSettingsTab />), {
      path: '/backoffice',
      role: 'ADMIN',
      // The catalogue beside the form reads the settings too (for the rates): the network answers it.
      answer: (r) =>
        r.path === '/billing/settings'
          ? [200, { ...SETTINGS, state_name: 'Maharashtra' }]
          : r.path === '/billing/item-tax'
            ? [200, CATALOGUE.items]
            : r.path === '/billing/products'
              ? [200, CATALOGUE.products]
              : r.path === '/billing/tills'
                ? [200, TILLS]
                : undefined,
    }),
  drive: async (event) => {
    if (event.type === 'settings.retry') {
      const retry = screen.queryByRole('button', { name: T.retry });
      if (retry) await step(() => fireEvent.click(retry));
      return !!retry;
    }
    if (!form()) return false;
    if (event.type === 'settings.edit') {
      // The same value typed again is no change to a field (React sends none): sent as the field would.
      if (input(event.field).value === event.value) return false;
      await step(() => fireEvent.change(input(event.field), { target: { value: event.value } }));
      return true;
    }
    if (event.type === 'settings.save' && !saveButton().hasAttribute('disabled')) {
      await step(() => fireEvent.submit(form()!));
      return true;
    }
    return false;
  },
  expectScreen: (snapshot) => {
    const { context } = snapshot;
    expect(screen.queryByRole('progressbar', { name: T.title }) !== null, 'loading').toBe(tax.isLoading(snapshot));
    const failed = screen.queryByText(T.loadFailed);
    expect(failed !== null, 'the failure').toBe(tax.isFailed(snapshot));
    if (failed) expect(screen.queryByRole('button', { name: T.retry })).not.toBeNull();
    const shown = !tax.isLoading(snapshot) && !tax.isFailed(snapshot);
    expect(form() !== null, 'the form').toBe(shown);
    if (!shown) return;
    const problems = taxSettingsProblems(context.form);
    for (const name of FIELDS) {
      expect(input(name).value, name).toBe(context.form[name]);
      expect(input(name).getAttribute('aria-invalid'), `${name} marked`).toBe(problems[name] ? 'true' : 'false');
      if (problems[name]) expect(input(name).closest('.MuiFormControl-root')!.textContent, `${name}'s problem`).toContain(problems[name]);
    }
    expect(screen.queryByText(T.notConfigured) !== null, 'not set up yet').toBe(!context.configured);
    expect(form()!.querySelector('.MuiAlert-colorError')?.textContent ?? null, 'the refusal').toBe(context.message);
    expect(screen.queryByText(T.saved) !== null, 'saved').toBe(context.saved);
    expect(saveButton().textContent, 'save’s progress').toBe(tax.isSaving(snapshot) ? T.saving : T.save);
    expect(saveButton().hasAttribute('disabled'), 'save offered').toBe(!tax.canSave(snapshot));
  },
});
