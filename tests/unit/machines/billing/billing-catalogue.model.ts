// The tax data and products chart's model: the catalogue loads or fails; a service, a package plan
// never set, a known product and a new one are edited (a bad code, a rate the clinic does not
// offer, an empty name and price, then good values); Save goes out only when the row passes, and
// the server saves or refuses; a product is deleted, or refused (it is on a document).
import { billingCatalogueMachine } from '../../../../machines/billing/billing-catalogue-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';
import { CATALOGUE } from './portal-billing-fixtures.ts';

export const ON_A_DOCUMENT = 'This product is on an issued document: retire it instead.';

export const model: MachineModel = {
  machine: billingCatalogueMachine,
  specs: [
    {
      events: [
        { type: 'catalogue.retry' },
        { type: 'catalogue.editItem', item_kind: 'service', item_id: 3 },
        { type: 'catalogue.editItem', item_kind: 'package_plan', item_id: 4 },
        { type: 'catalogue.editItem', item_kind: 'service', item_id: 99 },
        { type: 'catalogue.editProduct', id: 7 },
        { type: 'catalogue.editProduct', id: 99 },
        { type: 'catalogue.newProduct' },
        { type: 'catalogue.change', field: 'code', value: '12ab' },
        { type: 'catalogue.change', field: 'gst_rate_bp', value: 1200 },
        { type: 'catalogue.change', field: 'name', value: 'Omega 3' },
        { type: 'catalogue.change', field: 'price', value: '450.50' },
        { type: 'catalogue.cancel' },
        { type: 'catalogue.save' },
        { type: 'catalogue.delete', id: 7 },
        { type: 'catalogue.delete', id: 99 },
      ],
      outcomes: {
        loadCatalogue: [{ output: CATALOGUE }, { error: new Error('offline') }],
        saveRow: [{ output: undefined }, { error: new Error('Invalid code: a SAC or HSN code is 4 to 8 digits.') }],
        deleteProduct: [{ output: undefined }, { error: new Error(ON_A_DOCUMENT) }],
      },
      // One path per state and event kind is plenty: the form's values are the guard's business.
      edgeKey: (snapshot, event) =>
        `${JSON.stringify(snapshot.value)}|${event.type}|${'field' in event ? event.field : ''}|${JSON.stringify(snapshot.context.editing?.target ?? null)}|${snapshot.context.message !== null}`,
    },
  ],
};
