// The portal membership card's chart against its hand-written transition table (./my-membership-table.ts).
import { describe, it } from 'vitest';
import { cellsOf, expectChartFollowsTable } from '../../../support/transition-table.ts';
import { myMembershipTable } from './my-membership-table.ts';

describe('my membership card chart against its transition table', () => {
  it(`follows its table (${cellsOf(myMembershipTable)} cells, from ${myMembershipTable.source})`, () => {
    expectChartFollowsTable(myMembershipTable);
  });
});
