// Every path of the billing document chart, replayed on the production machine: a document is
// paid only when nothing is due, credited only by a credit note of everything left, and a
// finished one (credited, deleted) takes no verb; only a draft is editable.
import { describe, expect, it } from 'vitest';
import { nextSteps, statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { BILLING_DOCUMENT_STATUSES, billingDocumentLifecycle, creditable, editable, takesPayments } from '../../../../machines/billing/invoice-lifecycle.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './invoice-lifecycle.model.ts';

describeModel('billing document lifecycle', model, (snapshot, event) => {
  if (snapshot.value === 'paid') expect(event.due_paise).toBeLessThanOrEqual(0);
  if (snapshot.value === 'partially_paid' || snapshot.value === 'issued') expect(event.due_paise ?? 1).toBeGreaterThan(0);
  if (snapshot.value === 'credited') expect(event.credits_all).toBe(true);
  if (snapshot.status === 'done') {
    expect(nextSteps(billingDocumentLifecycle, snapshot.value, { extras: { due_paise: 0, credits_all: true } })).toEqual([]);
  }
});

describe('billing document statuses', () => {
  it("are the chart's statuses", () => {
    expect(statusesOf(billingDocumentLifecycle)).toEqual([...BILLING_DOCUMENT_STATUSES]);
  });

  it('let only a draft change, payments only while money is due, credit notes until credited', () => {
    expect(BILLING_DOCUMENT_STATUSES.filter(editable)).toEqual(['draft']);
    expect(BILLING_DOCUMENT_STATUSES.filter(takesPayments)).toEqual(['issued', 'partially_paid']);
    expect(BILLING_DOCUMENT_STATUSES.filter(creditable)).toEqual(['issued', 'partially_paid', 'paid']);
  });

  it('never takes an issued document back to a draft or deletes it', () => {
    for (const status of BILLING_DOCUMENT_STATUSES.filter((s) => s !== 'draft')) {
      expect(stepTo(billingDocumentLifecycle, status, 'draft', { extras: { due_paise: 0, credits_all: true } })).toBeNull();
      expect(stepTo(billingDocumentLifecycle, status, 'deleted', { extras: { due_paise: 0, credits_all: true } })).toBeNull();
    }
  });
});
