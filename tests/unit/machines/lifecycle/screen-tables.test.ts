// The shell's, staff pages' and portal's page charts against their hand-written transition tables
// (./screen-tables.ts): where each starts, and each state × event moved (with the named effects)
// where the table says, or refused.
import { describe, it } from 'vitest';
import { cellsOf, expectChartFollowsTable } from '../../../support/transition-table.ts';
import { screenTables } from './screen-tables.ts';

describe('page charts against their transition tables (shell, staff, portal)', () => {
  for (const table of screenTables) {
    it(`${table.chart.id} follows its table (${cellsOf(table)} cells, from ${table.source})`, () => {
      expectChartFollowsTable(table);
    });
  }
});
