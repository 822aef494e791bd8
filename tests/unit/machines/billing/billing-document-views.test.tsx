// @vitest-environment happy-dom
// The billing document chart's model paths replayed on /billing/documents/7 (issue 33): the real
// page, hook, dialogs and MUI for reception; the chart's load, acts, UPI link, advances and the
// re-read while due settle as each path says. Reception edits a draft (a product from the
// catalogue, a manual line typed in, a quantity, a discount, a line removed), saves, discards,
// issues and deletes it, takes the PDF and emails it, takes a payment by cash, card, UPI or an
// advance, and issues a credit note with a refund, all through the screen. Two steps the screen
// rightly does not send are sent as the chart would get them: choosing the method already chosen
// (the toggle stays as it is) and choosing an advance while the advances are read again (the list
// is not there). After every step the page shows what the chart holds: the progress while loading
// or saving, the failure with its retry, the deleted notice, the status, the draft's lines as
// typed with their problems, the manual line and Add line offered only when the chart takes it,
// "unsaved" and Discard, each action offered as the chart allows, the refusal or what was done,
// the payments, "watching" while due, and the payment and credit note dialogs with their fields,
// the UPI QR, the advances, the change to give and their submit held as the chart holds it.
//
// Paths: the covering subset, and the ones it does not take to the end that matter on the screen
// (each method of payment and the credit note with a refund recorded, a bad quantity, too much
// drawn on an advance, a refused save, an issue and an email taken or refused): the covering set
// counts transitions, so it records a payment once, by whatever method reaches it first.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { awaitingPayment, type BillingDoc, draftLineProblem, type DraftLine, paymentProblem } from '../../../../machines/billing/billing-document-machine.ts';
import { BillingDocumentPage } from '../../../../src/features/billing/billing-document-page.tsx';
import { BILLING_TEXT as T, formatPaise } from '../../../../src/features/billing/billing-texts.ts';
import { coveringPaths, generatedPaths, type ModelPath, selectedPaths } from '../../../support/model-paths.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './billing-document-page.model.ts';

// ---- The paths.

const all = generatedPaths(model);
const label = (e: AnyEventObject) => {
  const { type, output: _o, error: _e, ...payload } = e;
  const name = type.replace(/^xstate\.(done|error)\.actor\.(.*)$/, '$1:$2');
  return Object.keys(payload).length ? `${name}${JSON.stringify(payload)}` : name;
};
/** The generated path of `spec` whose steps are exactly `events`. */
function pathOf(spec: string, events: string[]): ModelPath {
  const found = all.find((p) => p.spec.name === spec && p.steps.map((s) => label(s.event)).join(' → ') === events.join(' → '));
  if (!found) throw new Error(`the model has no path ${spec}: ${events.join(' → ')}`);
  return found;
}
const DRAFT_SPEC = 'a draft';
const ISSUED_SPEC = 'an issued document partly paid';
const ADVANCE_SPEC = 'an issued document partly paid, drawn on an advance';
const TILLS_SPEC = 'an issued document partly paid, at a clinic with two tills';
const LOADED = 'done:loadDocument';
const TOO_MUCH = 'pay.set{"field":"amount","value":"5000"}';
const LESS = 'pay.set{"field":"amount","value":"500"}';
const UTR = 'pay.set{"field":"reference","value":"412345678901"}';
const MANUAL = [
  'manual.set{"field":"description","value":"Dietitian consult"}',
  'manual.set{"field":"price","value":"250"}',
  'manual.set{"field":"rate","value":"1800"}',
];
const CREDIT = ['credit.open', 'credit.toggle{"line":1}', 'credit.set{"field":"reason","value":"Service not given"}'];

const paths = [
  ...coveringPaths(model.machine, selectedPaths(model, all)),
  pathOf(DRAFT_SPEC, [LOADED, 'line.quantity{"key":"line-1","value":"x"}', 'doc.delete', 'done:act']),
  pathOf(DRAFT_SPEC, [LOADED, 'line.addProduct{"product":5}', 'draft.save', 'error:act']),
  pathOf(DRAFT_SPEC, [LOADED, ...MANUAL, 'line.addManual']),
  pathOf(DRAFT_SPEC, [LOADED, 'doc.issue', 'done:act']),
  pathOf(ISSUED_SPEC, [LOADED, 'doc.email', 'error:act']),
  pathOf(ISSUED_SPEC, [LOADED, 'pay.open', TOO_MUCH, LESS, 'pay.set{"field":"tendered","value":"600"}', 'pay.submit', 'done:act']),
  pathOf(ISSUED_SPEC, [LOADED, 'pay.open', 'pay.method{"method":"card"}', TOO_MUCH, LESS, UTR, 'pay.submit', 'done:act']),
  pathOf(ISSUED_SPEC, [LOADED, 'pay.open', 'pay.method{"method":"upi"}', TOO_MUCH, LESS, UTR, 'done:loadUpi', 'pay.submit', 'done:act']),
  pathOf(ISSUED_SPEC, [
    LOADED,
    ...CREDIT,
    'credit.refundMethod{"method":"cash"}',
    'credit.set{"field":"refundAmount","value":"100"}',
    'credit.submit',
    'done:act',
  ]),
  pathOf(ADVANCE_SPEC, [
    LOADED,
    'pay.open',
    'pay.method{"method":"advance"}',
    'done:loadAdvances',
    'pay.advance{"advance":31}',
    'pay.set{"field":"amount","value":"400"}',
  ]),
  pathOf(ADVANCE_SPEC, [LOADED, 'pay.open', 'pay.method{"method":"advance"}', 'done:loadAdvances', 'pay.advance{"advance":31}', 'pay.submit', 'done:act']),
  pathOf(TILLS_SPEC, [LOADED, 'pay.open', 'pay.till{"till":2}', 'pay.submit', 'done:act']),
];

// ---- The screen. Dialogs by their titles' ids, buttons by their words (the page is large: accessible names are slow).

const pageRoot = () => document.querySelector<HTMLElement>('[data-page="billing-document"]')!;
const actionsGroup = () => document.querySelector<HTMLElement>('[role="group"][aria-label="Actions"]');
const payDialog = () => document.querySelector<HTMLElement>('[role="dialog"][aria-labelledby="billing-pay-title"]');
const creditDialog = () => document.querySelector<HTMLElement>('[role="dialog"][aria-labelledby="billing-credit-title"]');
const manualForm = () => document.querySelector<HTMLElement>(`form[aria-label="${T.manualLine}"]`);

/** The button in `scope` whose words (or aria-label) are `name`, or null. */
function buttonIn(scope: HTMLElement | null, name: string): HTMLButtonElement | null {
  if (!scope) return null;
  return [...scope.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name || b.textContent === name) ?? null;
}
const progress = (name: string) => document.querySelector(`[role="progressbar"][aria-label="${name}"]`);
const alertsIn = (scope: HTMLElement | null) => (scope ? [...scope.querySelectorAll<HTMLElement>('[role="alert"]')].map((a) => a.textContent) : []);
// A field by its label's words (a required one's label ends in MUI's asterisk).
const labelled = (name: string) => (content: string) => content.replace(/[\s\u2009*]+$/, '') === name;
const field = (scope: HTMLElement, name: string) => within(scope).getByLabelText(labelled(name), { selector: 'input, textarea' }) as HTMLInputElement;
const queryField = (scope: HTMLElement, name: string) =>
  within(scope).queryByLabelText(labelled(name), { selector: 'input, textarea' }) as HTMLInputElement | null;

/** Presses the enabled button: a step the path takes must be offered on the screen. */
async function press(button: HTMLElement | null, what: string) {
  expect(button, `${what} on the screen`).not.toBeNull();
  expect(button!.hasAttribute('disabled'), `${what} offered`).toBe(false);
  await step(() => fireEvent.click(button!));
}
const type = (input: HTMLInputElement, value: string) => step(() => fireEvent.change(input, { target: { value } }));
/** Opens a MUI select and picks the option with these words. */
async function choose(scope: HTMLElement, name: string, option: string) {
  await step(() => fireEvent.mouseDown(within(scope).getByRole('combobox', { name })));
  await press([...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === option) ?? null, `the option ${option}`);
}

const descriptionOf = (actor: any, key: string) => actor.getSnapshot().context.draft.find((l: any) => l.key === key).description as string;
const lineRow = (key: string) => document.querySelector<HTMLElement>(`[data-line="${key}"]`)!;
const payField = (method: string) => (method === 'upi' ? T.utr : T.cardReference);

const ACTION_BUTTON: Record<string, string> = {
  'draft.save': T.saveDraft,
  'draft.discard': T.discard,
  'doc.issue': T.issue,
  'doc.delete': T.deleteDraft,
  'doc.pdf': T.downloadPdf,
  'doc.email': T.emailClient,
  'pay.open': T.takePayment,
  'credit.open': T.creditNote,
};

async function drive(event: AnyEventObject, _view: unknown, actor: any): Promise<boolean> {
  const t = event.type;
  if (t === 'doc.retry') await press(buttonIn(pageRoot(), T.retry), 'Retry');
  else if (ACTION_BUTTON[t]) await press(buttonIn(actionsGroup(), ACTION_BUTTON[t]), ACTION_BUTTON[t]);
  else if (t === 'line.addProduct') {
    const product = actor.getSnapshot().context.products.find((p: any) => p.id === event.product);
    await choose(pageRoot(), T.product, T.productOption(product.name, formatPaise(product.unit_price_paise)));
  } else if (t === 'manual.set' && event.field === 'rate') await choose(manualForm()!, T.manual.rate, T.rateOption(Number(event.value)));
  else if (t === 'manual.set') await type(field(manualForm()!, T.manual[event.field as 'description' | 'price']), event.value);
  else if (t === 'manual.exempt') await press(field(manualForm()!, T.manual.exempt), T.manual.exempt);
  else if (t === 'line.addManual') await press(buttonIn(manualForm(), T.addLine), T.addLine);
  else if (t === 'line.quantity') await type(field(lineRow(event.key), T.quantityOf(descriptionOf(actor, event.key))), event.value);
  else if (t === 'line.discount') await type(field(lineRow(event.key), T.discountOf(descriptionOf(actor, event.key))), event.value);
  else if (t === 'line.remove') await press(buttonIn(lineRow(event.key), T.removeLine(descriptionOf(actor, event.key))), 'Remove');
  else if (t === 'pay.method') {
    // The method already chosen: pressing it again changes nothing on the screen (the toggle stays), so the chart gets it as sent.
    const toggle = buttonIn(payDialog(), T.method[event.method]);
    if (toggle?.getAttribute('aria-pressed') === 'true') return false;
    await press(toggle, T.method[event.method]);
  } else if (t === 'pay.set') {
    const method = actor.getSnapshot().context.payment.method;
    const name = event.field === 'amount' ? T.amount : event.field === 'tendered' ? T.tendered : payField(method);
    await type(field(payDialog()!, name), event.value);
  } else if (t === 'pay.advance') {
    // While the advances are read again the list is not there: the chart gets the choice as sent.
    if (actor.getSnapshot().matches({ ready: { paying: 'advances' } })) return false;
    const advance = actor.getSnapshot().context.advances.find((a: any) => a.id === event.advance);
    await choose(payDialog()!, T.advanceToUse, T.advanceOption(advance.number, formatPaise(advance.unused_paise)));
  } else if (t === 'pay.till') {
    // A till the clinic does not have is not on the list, and the one already chosen changes nothing: the chart gets either as sent.
    const { tills, payment } = actor.getSnapshot().context;
    const till = tills.find((x: any) => x.id === event.till);
    if (!till || payment.till === String(till.id)) return false;
    await choose(payDialog()!, T.payTill, till.name);
  } else if (t === 'pay.submit') await press(buttonIn(payDialog(), T.record), T.record);
  else if (t === 'credit.toggle') {
    const line = actor.getSnapshot().context.document.lines.find((l: any) => l.id === event.line);
    await press(field(creditDialog()!, T.creditLine(line.description, formatPaise(line.total_paise))), 'the line to credit');
  } else if (t === 'credit.set') {
    const name = { reason: T.reason, refundAmount: T.refundAmount, refundReference: T.refundReference }[event.field as 'reason'];
    await type(field(creditDialog()!, name), event.value);
  } else if (t === 'credit.refundMethod') await choose(creditDialog()!, T.refund, event.method === '' ? T.noRefund : T.method[event.method]);
  else if (t === 'credit.submit') await press(buttonIn(creditDialog(), T.issueCredit), T.issueCredit);
  else if (t === 'form.close') await press(buttonIn(payDialog() ?? creditDialog(), T.close), T.close);
  else return false;
  return true;
}

// ---- What the screen must show.

/** The draft's lines as typed: each row's fields, and the problem beside a bad one. */
function expectDraftLines(context: any) {
  const rows = document.querySelectorAll<HTMLElement>('[data-line]');
  expect(
    [...rows].map((r) => r.getAttribute('data-line')),
    'the draft’s lines',
  ).toEqual(context.draft.map((l: any) => l.key));
  if (context.draft.length === 0) expect(screen.getByText(T.noLines)).toBeTruthy();
  for (const line of context.draft) {
    const row = lineRow(line.key);
    expect(field(row, T.quantityOf(line.description)).value, 'the quantity').toBe(line.quantity);
    expect(field(row, T.discountOf(line.description)).value, 'the discount').toBe(line.discount);
    const badQuantity = !/^\d{1,5}$/.test(line.quantity) || Number(line.quantity) < 1;
    expect(within(row).queryByText(T.lineProblem.quantity) !== null, 'the quantity’s problem').toBe(badQuantity);
  }
}

/** The manual line as typed, and Add line offered only when the chart would add it. */
function expectManual(snapshot: any) {
  const form = manualForm()!;
  const { manual } = snapshot.context;
  expect(field(form, T.manual.description).value).toBe(manual.description);
  expect(field(form, T.manual.price).value).toBe(manual.price);
  expect((form.querySelector('.MuiSelect-nativeInput') as HTMLInputElement).value, 'the rate').toBe(manual.rate);
  expect(field(form, T.manual.exempt).checked, 'exempt').toBe(manual.exempt);
  const add = buttonIn(form, T.addLine)!;
  if (snapshot.matches({ ready: 'idle' })) expect(add.hasAttribute('disabled'), 'Add line offered').toBe(!snapshot.can({ type: 'line.addManual' }));
}

/** Each action is on the screen as the document's lifecycle has it, offered when the chart takes it. */
function expectActions(snapshot: any, doc: BillingDoc) {
  const group = actionsGroup()!;
  const draft = doc.status === 'draft';
  const issued = doc.number !== null;
  const shown: Record<string, boolean> = {
    'draft.save': draft,
    'draft.discard': draft && snapshot.context.dirty,
    'doc.issue': draft,
    'doc.delete': draft,
    'pay.open': awaitingPayment(doc),
    'credit.open': issued && doc.status !== 'credited',
    'doc.pdf': issued,
    'doc.email': issued,
  };
  // Offered only with nothing else open or on its way; a draft is saved when changed and every line is
  // valid, and issued only as saved and with lines (issue 34), not by what the chart's guards say.
  const { dirty, draft: lines } = snapshot.context;
  const idle = snapshot.matches({ ready: 'idle' });
  const offered: Record<string, boolean> = {
    'draft.save': idle && dirty && lines.every((l: DraftLine) => draftLineProblem(l) === null),
    'doc.issue': idle && !dirty && doc.lines.length > 0,
  };
  for (const [type, name] of Object.entries(ACTION_BUTTON)) {
    const button = buttonIn(group, name);
    expect(button !== null, `${name} shown`).toBe(shown[type]);
    if (!button || type === 'draft.discard') continue;
    expect(button.hasAttribute('disabled'), `${name} held`).toBe(!(offered[type] ?? idle));
    // And the chart takes what the screen offers.
    expect(snapshot.can({ type }), `the chart takes ${type}`).toBe(offered[type] ?? idle);
  }
}

function expectPayment(snapshot: any, doc: BillingDoc) {
  const dialog = payDialog()!;
  const { payment, upi, upiError, advances, advancesError, error } = snapshot.context;
  const saving = snapshot.matches({ ready: 'saving' });
  expect(within(dialog).getByText(`${T.due}: ${formatPaise(doc.balance_paise)}`)).toBeTruthy();
  expect(buttonIn(dialog, T.method[payment.method])!.getAttribute('aria-pressed'), 'the method').toBe('true');
  expect(field(dialog, T.amount).value, 'the amount').toBe(payment.amount);
  const problem = paymentProblem(payment, doc.balance_paise, advances);
  expect(within(dialog).queryByText(T.payProblem.amount) !== null, 'the amount’s problem').toBe(problem === 'amount');
  expect(alertsIn(dialog).includes(error), 'the refusal').toBe(error !== null);
  const tendered = queryField(dialog, T.tendered);
  expect(tendered !== null, 'the amount tendered').toBe(payment.method === 'cash');
  if (tendered) {
    expect(tendered.value).toBe(payment.tendered);
    const change = payment.tendered !== '' && Number(payment.tendered) >= Number(payment.amount) ? Number(payment.tendered) - Number(payment.amount) : null;
    expect(screen.queryByTestId('billing-change')?.textContent ?? null, 'the change').toBe(change === null ? null : T.change(formatPaise(change * 100)));
  }
  const reference = queryField(dialog, payField(payment.method));
  expect(reference !== null, 'the reference').toBe(payment.method === 'card' || payment.method === 'upi');
  if (reference) expect(reference.value).toBe(payment.reference);
  // UPI: the QR of the link while it is read, then the link's QR or why it cannot be shown.
  expect(progress(T.upiLoading) !== null, 'the QR being read').toBe(snapshot.matches({ ready: { paying: 'upi' } }));
  const qr = dialog.querySelector('[data-upi-uri]');
  expect(qr?.getAttribute('data-upi-uri') ?? null, 'the QR').toBe(payment.method === 'upi' && upi ? upi.uri : null);
  if (qr) expect(within(dialog).getByText(T.upiScan(formatPaise(upi.amount_paise)))).toBeTruthy();
  expect(alertsIn(dialog).includes(`${T.upiUnavailable}: ${upiError}`), 'no QR').toBe(payment.method === 'upi' && upiError !== null);
  // An advance: the client's receipts being read, their failure, or the ones with money left to choose.
  const reading = snapshot.matches({ ready: { paying: 'advances' } });
  expect(progress(T.advancesLoading) !== null, 'the advances being read').toBe(reading);
  const method = payment.method === 'advance' && !reading;
  expect(alertsIn(dialog).includes(`${T.advancesUnavailable}: ${advancesError}`), 'no advances').toBe(method && advancesError !== null);
  const usable = advances.filter((a: any) => a.unused_paise > 0);
  const list = method && !advancesError && usable.length > 0;
  expect(within(dialog).queryByRole('combobox', { name: T.advanceToUse }) !== null, 'the advances to choose').toBe(list);
  expect(within(dialog).queryByText(T.noUnusedAdvances) !== null, 'no advance left').toBe(method && !advancesError && usable.length === 0);
  const chosen = list ? usable.find((a: any) => String(a.id) === payment.advance) : undefined;
  if (list) {
    expect(
      within(dialog)
        .getByRole('combobox', { name: T.advanceToUse })
        .textContent?.replace(/\u200B/g, ''),
      'the advance chosen',
    ).toBe(chosen ? T.advanceOption(chosen.number, formatPaise(chosen.unused_paise)) : '');
    expect(within(dialog).queryByText(T.advanceAmountHelp(formatPaise(Math.min(doc.balance_paise, chosen?.unused_paise ?? 0)))) !== null, 'at most').toBe(
      !!chosen,
    );
  }
  // The till: offered only when the clinic has more than one, showing the one the money goes to.
  const { tills } = snapshot.context;
  const tillField = within(dialog).queryByRole('combobox', { name: T.payTill });
  expect(tillField !== null, 'the till to choose').toBe(tills.length > 1);
  if (tillField)
    expect(tillField.textContent?.replace(/\u200B/g, ''), 'the till chosen').toBe(tills.find((x: any) => String(x.id) === payment.till)?.name ?? '');
  const submit = buttonIn(dialog, saving ? T.saving : T.record);
  expect(submit, 'Record payment or its progress').not.toBeNull();
  if (saving) expect(submit!.hasAttribute('disabled'), 'held while saving').toBe(true);
  // Record is offered exactly when the chart takes it: never while the QR or the advances are read.
  else expect(submit!.hasAttribute('disabled'), 'Record offered').toBe(!snapshot.can({ type: 'pay.submit' }));
  expect(buttonIn(dialog, T.close)!.hasAttribute('disabled'), 'Close held while saving').toBe(saving);
}

function expectCredit(snapshot: any, doc: BillingDoc) {
  const dialog = creditDialog()!;
  const { credit, error } = snapshot.context;
  const saving = snapshot.matches({ ready: 'saving' });
  for (const line of doc.lines)
    expect(field(dialog, T.creditLine(line.description, formatPaise(line.total_paise))).checked, 'a line to credit').toBe(credit.lines.includes(line.id));
  expect(field(dialog, T.reason).value, 'the reason').toBe(credit.reason);
  expect((dialog.querySelector('.MuiSelect-nativeInput') as HTMLInputElement).value, 'the refund').toBe(credit.refundMethod);
  expect(within(dialog).getByText(T.refundable(formatPaise(doc.paid_paise - doc.refunded_paise)))).toBeTruthy();
  const amount = queryField(dialog, T.refundAmount);
  expect(amount !== null, 'the refund amount').toBe(credit.refundMethod !== '');
  if (amount) expect(amount.value).toBe(credit.refundAmount);
  expect(alertsIn(dialog).includes(error), 'the refusal').toBe(error !== null);
  const submit = buttonIn(dialog, saving ? T.saving : T.issueCredit)!;
  expect(submit.hasAttribute('disabled'), 'Issue credit note offered').toBe(saving || !snapshot.can({ type: 'credit.submit' }));
}

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  const root = pageRoot();
  expect(progress(T.deskTitle) !== null, 'loading').toBe(snapshot.matches('loading'));
  const failed = snapshot.matches('failed');
  expect(alertsIn(root).includes(`${T.loadFailed} ${context.error}${T.retry}`), 'the failure with its retry').toBe(failed);
  expect(
    alertsIn(root)
      .concat([...root.querySelectorAll('[role="status"]')].map((s) => s.textContent))
      .includes(T.deleted),
    'deleted',
  ).toBe(snapshot.status === 'done');
  const doc: BillingDoc | null = snapshot.matches('ready') ? context.document : null;
  expect(screen.queryByTestId('billing-status')?.textContent ?? null, 'the status').toBe(doc ? T.status[doc.status] : null);
  if (!doc) {
    expect(document.querySelector('[data-line]'), 'no lines').toBeNull();
    return;
  }
  expect(root.querySelector('h1')?.textContent, 'the title').toBe(T.documentTitle(T.kind[doc.kind], doc.number));
  const draft = doc.status === 'draft';
  if (draft) {
    expectDraftLines(context);
    expectManual(snapshot);
  } else expect(document.querySelectorAll('[data-line]').length, 'the lines').toBe(doc.lines.length);
  expect(manualForm() !== null, 'the manual line').toBe(draft);
  expect(screen.queryByTestId('billing-due')?.textContent ?? null, 'what is due').toBe(draft ? null : formatPaise(doc.balance_paise));
  expect(document.querySelectorAll('[data-payment]').length, 'the payments').toBe(draft ? 0 : doc.payments.length);
  expect(screen.queryByText(T.watching) !== null, 'watching for online payments').toBe(awaitingPayment(doc));
  // The page says what the server refused, or what it did, or that the draft has unsaved changes.
  const paying = snapshot.matches({ ready: 'paying' }) || (snapshot.matches({ ready: 'saving' }) && context.pending?.kind === 'pay');
  const crediting = snapshot.matches({ ready: 'crediting' }) || (snapshot.matches({ ready: 'saving' }) && context.pending?.kind === 'credit');
  const alerts = alertsIn(root);
  expect(context.error !== null && alerts.includes(context.error), 'the refusal on the page').toBe(context.error !== null && !paying && !crediting);
  expect(alerts.includes(T.unsaved), 'unsaved changes').toBe(context.dirty);
  const said = [...root.querySelectorAll('[role="status"]')].map((s) => s.textContent);
  expect(said, 'what was done').toEqual(context.done && !context.error ? [T.done[context.done as keyof typeof T.done]] : []);
  expect(progress(T.saving) !== null, 'saving').toBe(snapshot.matches({ ready: 'saving' }));
  expectActions(snapshot, doc);
  expect(payDialog() !== null, 'the payment dialog').toBe(paying);
  if (paying) expectPayment(snapshot, doc);
  expect(creditDialog() !== null, 'the credit note dialog').toBe(crediting);
  if (crediting) expectCredit(snapshot, doc);
}

describeReplayOnView('the billing document page', {
  model,
  paths,
  mount: (_path, wrap) => {
    // Every path on the fake clock: a document still due is read again after 5 s, which a slow path would otherwise meet.
    if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    return renderPage(wrap(<BillingDocumentPage />), {
      path: '/billing/documents/7',
      route: '/billing/documents/:id',
      role: 'RECEPTION',
      answer: () => undefined,
    });
  },
  drive,
  expectScreen,
});
