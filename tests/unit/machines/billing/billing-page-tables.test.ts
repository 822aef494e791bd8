// The billing document page chart against its hand-written transition table (./billing-page-tables.ts),
// and the poll interval the "seen paid without reloading" rests on.
import { describe, expect, it } from 'vitest';
import { billingDocumentMachine, POLL_INTERVAL_MS } from '../../../../machines/billing/billing-document-machine.ts';
import { cellsOf, expectChartFollowsTable } from '../../../support/transition-table.ts';
import {
  billingDeskTable,
  billingDocumentTable,
  billVisitTable,
  clientBalanceTable,
  heldPaymentsTable,
  newInvoiceTable,
  tillsTable,
} from './billing-page-tables.ts';

describe('billing document page against its transition table', () => {
  it(`follows its table (${cellsOf(billingDocumentTable)} cells, from ${billingDocumentTable.source})`, () => {
    expectChartFollowsTable(billingDocumentTable);
  });

  it(`the desk follows its table (${cellsOf(billingDeskTable)} cells, from ${billingDeskTable.source})`, () => {
    expectChartFollowsTable(billingDeskTable);
  });

  it(`the client's balance follows its table (${cellsOf(clientBalanceTable)} cells, from ${clientBalanceTable.source})`, () => {
    expectChartFollowsTable(clientBalanceTable);
  });

  it(`"Bill this visit" follows its table (${cellsOf(billVisitTable)} cells, from ${billVisitTable.source})`, () => {
    expectChartFollowsTable(billVisitTable);
  });

  it(`"New invoice" follows its table (${cellsOf(newInvoiceTable)} cells, from ${newInvoiceTable.source})`, () => {
    expectChartFollowsTable(newInvoiceTable);
  });

  it(`the held online payments follow their table (${cellsOf(heldPaymentsTable)} cells, from ${heldPaymentsTable.source})`, () => {
    expectChartFollowsTable(heldPaymentsTable);
  });

  it(`the back office's tills follow their table (${cellsOf(tillsTable)} cells, from ${tillsTable.source})`, () => {
    expectChartFollowsTable(tillsTable);
  });

  it('re-reads an open document still due every 5 seconds', () => {
    expect(POLL_INTERVAL_MS).toBe(5_000);
    expect(billingDocumentMachine.implementations.delays).toEqual({ pollInterval: 5_000 });
  });
});
