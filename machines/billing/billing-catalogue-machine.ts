// The back office's tax data on what the clinic sells (Billing tab, ADMIN; issue 34): every
// service, package plan and lab item with its SAC/HSN code, GST rate (one of the clinic's rates)
// and taxable or exempt, and the products catalogue (supplements and the like: add, edit, retire,
// delete). One row is edited at a time; Save is allowed only when the row passes the rules of
// machines/billing/settings-form.ts (`canSubmit`), and after a save or a delete the lists are read
// again. The server's refusal (a 400 naming the field, a 409 for a product on a document) is shown.
import { assign, fromPromise, setup } from 'xstate';
import { itemTaxValid, paiseToRupees, type ProductForm, productValid } from './settings-form.ts';

export type ItemKind = 'service' | 'package_plan' | 'lab_item';

export interface ItemTax {
  item_kind: ItemKind;
  item_id: number;
  name: string;
  price_paise: number;
  code: string | null;
  gst_rate_bp: number;
  exempt: boolean;
  set: boolean;
}

export interface Product {
  id: number;
  name: string;
  code: string | null;
  unit_price_paise: number;
  gst_rate_bp: number;
  exempt: boolean;
  active: boolean;
}

export interface Catalogue {
  items: ItemTax[];
  products: Product[];
  rates: number[];
}

/** What is being edited: an item's tax data, a product, or a new product (`id` null). */
export type EditTarget = { kind: 'item'; item_kind: ItemKind; item_id: number } | { kind: 'product'; id: number | null };

export interface Editing {
  target: EditTarget;
  form: ProductForm;
}

export interface CatalogueContext extends Catalogue {
  editing: Editing | null;
  message: string | null;
}

export type ProductField = 'name' | 'price' | 'code' | 'gst_rate_bp' | 'exempt' | 'active';

export type CatalogueEvent =
  | { type: 'catalogue.retry' }
  | { type: 'catalogue.editItem'; item_kind: ItemKind; item_id: number }
  | { type: 'catalogue.editProduct'; id: number }
  | { type: 'catalogue.newProduct' }
  | { type: 'catalogue.change'; field: ProductField; value: string | number | boolean }
  | { type: 'catalogue.cancel' }
  | { type: 'catalogue.save' }
  | { type: 'catalogue.delete'; id: number };

const formFor = (row: { name: string; code: string | null; gst_rate_bp: number; exempt: boolean }, pricePaise: number, active: boolean): ProductForm => ({
  name: row.name,
  price: paiseToRupees(pricePaise),
  code: row.code ?? '',
  gst_rate_bp: row.gst_rate_bp,
  exempt: row.exempt,
  active,
});

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const billingCatalogueMachine = setup({
  types: {
    context: {} as CatalogueContext,
    events: {} as CatalogueEvent,
  },
  actors: {
    loadCatalogue: fromPromise<Catalogue>(async () => {
      throw new Error('loadCatalogue not provided');
    }),
    saveRow: fromPromise<void, Editing>(async () => {
      throw new Error('saveRow not provided');
    }),
    deleteProduct: fromPromise<void, { id: number }>(async () => {
      throw new Error('deleteProduct not provided');
    }),
  },
  guards: {
    canSubmit: ({ context }) => {
      const e = context.editing;
      if (!e) return false;
      return e.target.kind === 'item' ? itemTaxValid(e.form, context.rates) : productValid(e.form, context.rates);
    },
    itemKnown: ({ context }, params: { item_kind: ItemKind; item_id: number }) =>
      context.items.some((i) => i.item_kind === params.item_kind && i.item_id === params.item_id),
    productKnown: ({ context }, params: { id: number }) => context.products.some((p) => p.id === params.id),
  },
  actions: {
    showCatalogue: assign((_, params: { catalogue: Catalogue }) => ({ ...params.catalogue, editing: null })),
    editItem: assign(({ context }, params: { item_kind: ItemKind; item_id: number }) => {
      const item = context.items.find((i) => i.item_kind === params.item_kind && i.item_id === params.item_id)!;
      // An item never set offers the clinic's first rate rather than a rate it may not offer.
      const rate = context.rates.includes(item.gst_rate_bp) ? item.gst_rate_bp : (context.rates[0] ?? 0);
      return {
        message: null,
        editing: {
          target: { kind: 'item' as const, item_kind: item.item_kind, item_id: item.item_id },
          form: formFor({ ...item, gst_rate_bp: rate }, item.price_paise, true),
        },
      };
    }),
    editProduct: assign(({ context }, params: { id: number }) => {
      const p = context.products.find((x) => x.id === params.id)!;
      return { message: null, editing: { target: { kind: 'product' as const, id: p.id }, form: formFor(p, p.unit_price_paise, p.active) } };
    }),
    newProduct: assign(({ context }) => ({
      message: null,
      editing: {
        target: { kind: 'product' as const, id: null },
        form: { name: '', price: '', code: '', gst_rate_bp: context.rates[0] ?? 0, exempt: false, active: true },
      },
    })),
    change: assign(({ context }, params: { field: ProductField; value: string | number | boolean }) => ({
      editing: context.editing && { ...context.editing, form: { ...context.editing.form, [params.field]: params.value } },
    })),
    stopEditing: assign({ editing: null, message: null }),
    showRefusal: assign((_, params: { error: unknown }) => ({ message: errorText(params.error) })),
    clearMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'billingCatalogue',
  context: { items: [], products: [], rates: [], editing: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCatalogue',
        src: 'loadCatalogue',
        onDone: { target: 'ready', actions: { type: 'showCatalogue', params: ({ event }) => ({ catalogue: event.output }) } },
        onError: 'failed',
      },
    },
    failed: { on: { 'catalogue.retry': 'loading' } },
    ready: {
      on: {
        'catalogue.editItem': {
          target: 'editing',
          guard: { type: 'itemKnown', params: ({ event }) => event },
          actions: { type: 'editItem', params: ({ event }) => event },
        },
        'catalogue.editProduct': {
          target: 'editing',
          guard: { type: 'productKnown', params: ({ event }) => event },
          actions: { type: 'editProduct', params: ({ event }) => event },
        },
        'catalogue.newProduct': { target: 'editing', actions: 'newProduct' },
        'catalogue.delete': { target: 'deleting', guard: { type: 'productKnown', params: ({ event }) => event }, actions: 'clearMessage' },
      },
    },
    editing: {
      on: {
        'catalogue.change': { actions: { type: 'change', params: ({ event }) => event } },
        'catalogue.cancel': { target: 'ready', actions: 'stopEditing' },
        'catalogue.save': { target: 'saving', guard: 'canSubmit', actions: 'clearMessage' },
      },
    },
    saving: {
      invoke: {
        id: 'saveRow',
        src: 'saveRow',
        input: ({ context }) => context.editing!,
        onDone: 'loading',
        onError: { target: 'editing', actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteProduct',
        src: 'deleteProduct',
        input: ({ event }) => ({ id: (event as { id: number }).id }),
        onDone: 'loading',
        onError: { target: 'ready', actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
