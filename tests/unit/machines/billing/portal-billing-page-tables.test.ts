// The billing page charts against their hand-written transition tables (./billing-page-tables.ts):
// where each starts, and each state × event moved (with the named effects) where the table says,
// or refused.
import { describe, expect, it } from 'vitest';
import { myInvoicesMachine, RETURN_CHECKS } from '../../../../machines/billing/my-invoices-machine.ts';
import { cellsOf, expectChartFollowsTable } from '../../../support/transition-table.ts';
import { billingPageTables } from './portal-billing-page-tables.ts';

describe('billing page charts against their transition tables', () => {
  for (const table of billingPageTables) {
    it(`${table.chart.id} follows its table (${cellsOf(table)} cells, from ${table.source})`, () => {
      expectChartFollowsTable(table);
    });
  }

  it('reads a returned document again every 2 seconds, three times at most', () => {
    expect(myInvoicesMachine.implementations.delays).toEqual({ returnCheckDelay: 2000 });
    expect(RETURN_CHECKS).toBe(3);
  });
});
