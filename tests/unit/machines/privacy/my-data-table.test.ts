// The "Download my data" card's chart against its hand-written transition table (./my-data-table.ts).
import { describe, it } from 'vitest';
import { cellsOf, expectChartFollowsTable } from '../../../support/transition-table.ts';
import { myDataTable } from './my-data-table.ts';

describe('my data card chart against its transition table', () => {
  it(`follows its table (${cellsOf(myDataTable)} cells, from ${myDataTable.source})`, () => {
    expectChartFollowsTable(myDataTable);
  });
});
