// Every chart under machines/ is pinned by a hand-written transition table (a new chart without
// one fails here until someone writes down what it should do).
import { expect, it } from 'vitest';
import { findMachines } from '../../../../scripts/charts.ts';
import { billingPageTables } from '../billing/portal-billing-page-tables.ts';
import { staffBillingTables } from '../billing/billing-page-tables.ts';
import { myPackagesTable } from '../appointments/my-packages-table.ts';
import { myMembershipTable } from '../memberships/my-membership-table.ts';
import { myDataTable } from '../privacy/my-data-table.ts';
import { authenticatorTable } from './authenticator-table.ts';
import { lifecycleTables } from './lifecycle-tables.ts';
import { pageTables } from './page-tables.ts';
import { screenTables } from './screen-tables.ts';

it('every chart under machines/ has a transition table', async () => {
  const pinned = new Set(
    [
      ...lifecycleTables,
      ...pageTables,
      authenticatorTable,
      ...screenTables,
      ...staffBillingTables,
      ...billingPageTables,
      myPackagesTable,
      myMembershipTable,
      myDataTable,
    ].map((table) => table.chart),
  );
  const charts = await findMachines();
  expect(charts.length).toBeGreaterThanOrEqual(46);
  expect(charts.filter((c) => !pinned.has(c.machine)).map((c) => `${c.file} ${c.exportName}`)).toEqual([]);
});
