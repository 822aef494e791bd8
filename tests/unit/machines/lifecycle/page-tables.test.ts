// Page charts against their hand-written transition tables (./page-tables.ts): where each starts
// for the facts given, and each state × event moved (with the named effects) where the table says,
// or refused.
import { describe, it } from 'vitest';
import { cellsOf, expectChartFollowsTable } from '../../../support/transition-table.ts';
import { pageTables } from './page-tables.ts';

describe('page charts against their transition tables', () => {
  for (const table of pageTables) {
    it(`${table.chart.id} follows its table (${cellsOf(table)} cells, from ${table.source})`, () => {
      expectChartFollowsTable(table);
    });
  }
});
