// Page charts against their hand-written transition tables (./page-tables.ts): where each starts
// for the facts given, and each state × event moved (with the named effects) where the table says,
// or refused.
import { describe, expect, it } from 'vitest';
import { guardMachine } from '../../../../machines/guard/guard-machine.ts';
import { versionMachine } from '../../../../machines/version/version-machine.ts';
import { cellsOf, expectChartFollowsTable } from '../../../support/transition-table.ts';
import { authenticatorTable } from './authenticator-table.ts';
import { pageTables } from './page-tables.ts';

describe('page charts against their transition tables', () => {
  for (const table of [...pageTables, authenticatorTable]) {
    it(`${table.chart.id} follows its table (${cellsOf(table)} cells, from ${table.source})`, () => {
      expectChartFollowsTable(table);
    });
  }

  // The timers the tables name by their events, at the specification's constants.
  it("waits the specification's guard delay (150 ms) and version poll interval (5 minutes)", () => {
    expect(guardMachine.implementations.delays).toEqual({ guardDelay: 150 });
    expect(versionMachine.implementations.delays).toEqual({ versionPollInterval: 5 * 60 * 1000 });
  });
});
