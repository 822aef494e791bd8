// "My packages" chart against its hand-written transition table (./my-packages-table.ts).
import { describe, it } from 'vitest';
import { cellsOf, expectChartFollowsTable } from '../../../support/transition-table.ts';
import { myPackagesTable } from './my-packages-table.ts';

describe('my packages chart against its transition table', () => {
  it(`follows its table (${cellsOf(myPackagesTable)} cells, from ${myPackagesTable.source})`, () => {
    expectChartFollowsTable(myPackagesTable);
  });
});
