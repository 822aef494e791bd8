// The back office's billing forms bound to their adapter (billing-settings-api.ts): each chart made
// once with the adapter's calls as its actors; the views read snapshots through the named selectors of machines/billing/selectors.ts.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { fromPromise } from 'xstate';
import { billingCatalogueMachine } from '../../../machines/billing/billing-catalogue-machine.ts';
import { productProblems, taxSettingsProblems, codeProblem } from '../../../machines/billing/settings-form.ts';
import {
  billingCatalogueSelectors,
  billingReportsSelectors,
  gstReturnsSelectors,
  taxSettingsSelectors,
  tillsSelectors,
} from '../../../machines/billing/selectors.ts';
import { tillsMachine } from '../../../machines/billing/tills-machine.ts';
import { billingReportsMachine } from '../../../machines/billing/billing-reports-machine.ts';
import { reportRangeProblems } from '../../../machines/billing/reports.ts';
import { gstReturnsMachine, monthProblem, previousMonth } from '../../../machines/billing/gst-returns-machine.ts';
import { taxSettingsMachine } from '../../../machines/billing/tax-settings-machine.ts';
import { useShell } from '../../app/port.ts';
import {
  deleteProduct,
  downloadGstr1,
  downloadReportCsv,
  loadCatalogue,
  loadReport,
  loadTaxSettings,
  loadTills,
  saveCatalogueRow,
  saveTaxSettings,
  saveTill,
} from './billing-settings-api.ts';

export function useTaxSettings() {
  const { api } = useShell();
  const ref = usePageActor(
    taxSettingsMachine.provide({
      actors: {
        loadSettings: fromPromise(() => loadTaxSettings(api)),
        saveSettings: fromPromise(({ input }) => saveTaxSettings(api, input.form, input.rates)),
      },
    }),
  );
  const context = useSelector(ref, (s) => s.context);
  return {
    isLoading: useSelector(ref, taxSettingsSelectors.isLoading),
    isFailed: useSelector(ref, taxSettingsSelectors.isFailed),
    isSaving: useSelector(ref, taxSettingsSelectors.isSaving),
    context,
    problems: taxSettingsProblems(context.form),
    canSave: useSelector(ref, taxSettingsSelectors.canSave),
    send: ref.send,
  };
}

export function useBillingCatalogue() {
  const { api } = useShell();
  const ref = usePageActor(
    billingCatalogueMachine.provide({
      actors: {
        loadCatalogue: fromPromise(() => loadCatalogue(api)),
        saveRow: fromPromise(({ input }) => saveCatalogueRow(api, input)),
        deleteProduct: fromPromise(({ input }) => deleteProduct(api, input.id)),
      },
    }),
  );
  const context = useSelector(ref, (s) => s.context);
  const editing = context.editing;
  return {
    isLoading: useSelector(ref, billingCatalogueSelectors.isLoading),
    isFailed: useSelector(ref, billingCatalogueSelectors.isFailed),
    isBusy: useSelector(ref, billingCatalogueSelectors.isBusy),
    context,
    problems: editing
      ? editing.target.kind === 'product'
        ? productProblems(editing.form, context.rates)
        : { code: codeProblem(editing.form.code) ?? undefined }
      : {},
    canSave: useSelector(ref, billingCatalogueSelectors.canSave),
    send: ref.send,
  };
}

/** The clinic's tills (issue 35): listed, added, renamed. */
export function useTills() {
  const { api } = useShell();
  const ref = usePageActor(
    tillsMachine.provide({
      actors: {
        loadTills: fromPromise(() => loadTills(api)),
        saveTill: fromPromise(({ input }) => saveTill(api, input)),
      },
    }),
  );
  return {
    isLoading: useSelector(ref, tillsSelectors.isLoading),
    isFailed: useSelector(ref, tillsSelectors.isFailed),
    isSaving: useSelector(ref, tillsSelectors.isSaving),
    isEditing: useSelector(ref, tillsSelectors.isEditing),
    nameProblem: useSelector(ref, tillsSelectors.nameProblem),
    canSave: useSelector(ref, tillsSelectors.canSave),
    context: useSelector(ref, (s) => s.context),
    send: ref.send,
  };
}

/** The GST returns download, starting at the month before `today` (clinic-local YYYY-MM-DD). */
export function useGstReturns(today: string) {
  const { api } = useShell();
  const ref = usePageActor(gstReturnsMachine.provide({ actors: { downloadGstr1: fromPromise(({ input }) => downloadGstr1(api, input.month)) } }), {
    input: { month: previousMonth(today) },
  });
  const context = useSelector(ref, (s) => s.context);
  return {
    downloading: useSelector(ref, gstReturnsSelectors.isDownloading),
    context,
    problem: monthProblem(context.month),
    canDownload: useSelector(ref, (s) => s.can({ type: 'returns.download' })),
    send: ref.send,
  };
}

/** The reports (issue 35), starting with the month so far on `today` (clinic-local YYYY-MM-DD). */
export function useBillingReports(today: string) {
  const { api } = useShell();
  const ref = usePageActor(
    billingReportsMachine.provide({
      actors: {
        loadReport: fromPromise(({ input }) => loadReport(api, input)),
        downloadReportCsv: fromPromise(({ input }) => downloadReportCsv(api, input)),
      },
    }),
    { input: { today } },
  );
  const context = useSelector(ref, (s) => s.context);
  return {
    loading: useSelector(ref, billingReportsSelectors.isLoading),
    downloading: useSelector(ref, billingReportsSelectors.isDownloading),
    canShow: useSelector(ref, billingReportsSelectors.canShow),
    canDownload: useSelector(ref, billingReportsSelectors.canDownload),
    context,
    problems: reportRangeProblems(context.from, context.to),
    send: ref.send,
  };
}
