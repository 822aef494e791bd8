// Every lifecycle chart against its hand-written transition table (./lifecycle-tables.ts): each
// status × verb × set of facts, moved where the table says or refused.
import { describe, it } from 'vitest';
import { cellsOf, expectChartFollowsTable } from '../../../support/transition-table.ts';
import { lifecycleTables } from './lifecycle-tables.ts';

describe('lifecycle charts against their transition tables', () => {
  for (const table of lifecycleTables) {
    it(`${table.chart.id} follows its table (${cellsOf(table)} cells, from ${table.source})`, () => {
      expectChartFollowsTable(table);
    });
  }
});
