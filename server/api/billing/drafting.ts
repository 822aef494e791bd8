// A draft's lines: where they come from (a visit, a lab order, a package sale, products and free
// lines), how an edit's line list is read (kept lines, products, free lines; each refusal a 400
// naming `lines[i].field`), and how they are priced and stored. Tax data comes from the items
// (billing_item_tax, set by the clinic) and products; prices are catalogue prices before tax.
import type { BillingLine } from '../../../machines/billing/billing-document.ts';
import { lineProblem, priceLine, type TaxRegime } from '../../../machines/billing/tax.ts';
import type { Db } from '../../db/database.ts';
import type { BillingLineOrigin, BillingSourceFrom } from '../../db/schema-billing.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { notFound } from '../policy.ts';
import { type BillingSettings, findProduct, itemTax, type LineRow } from './data.ts';
import { BILLING_TEXTS as T, type S } from './route-helpers.ts';

export interface NewLine {
  id?: number;
  origin: BillingLineOrigin;
  item_id: number | null;
  product_id: number | null;
  description: string;
  code: string | null;
  quantity: number;
  unit_price_paise: number;
  discount_paise: number;
  gst_rate_bp: number;
  exempt: boolean;
  from_package: string | null;
}

/** Whether the clinic charges GST, and whether the place of supply is its own State. */
export const regimeOf = (settings: BillingSettings, placeOfSupply: string): TaxRegime => ({
  registered: settings.gstin !== null,
  intraState: placeOfSupply === settings.stateCode,
});

export function priced(
  line: Pick<NewLine, 'description' | 'code' | 'quantity' | 'unit_price_paise' | 'discount_paise' | 'gst_rate_bp' | 'exempt' | 'from_package'>,
  regime: TaxRegime,
): BillingLine {
  return priceLine(
    {
      description: line.description,
      code: line.code,
      quantity: line.quantity,
      unitPricePaise: Number(line.unit_price_paise),
      discountPaise: Number(line.discount_paise),
      rateBasisPoints: line.gst_rate_bp,
      exempt: line.exempt,
      fromPackage: line.from_package,
    },
    regime,
  );
}

const APPOINTMENT_BILLABLE = ['checked_in', 'in_progress', 'completed'];

/** The client and lines of a draft's source: a visit, a lab order or a package sale. */
export async function sourceLines(
  db: Db,
  from: Exclude<BillingSourceFrom, 'manual' | 'credit' | 'advance'>,
  source: number,
): Promise<{ client: number; lines: NewLine[] }> {
  if (from === 'appointment') {
    const a = await db
      .selectFrom('appointments as a')
      .innerJoin('services as s', 's.id', 'a.service_id')
      .leftJoin('packages as p', 'p.id', 'a.package_id')
      .leftJoin('package_plans as pp', 'pp.id', 'p.plan_id')
      .select(['a.client_id', 'a.status', 'a.package_id', 's.id as service_id', 's.name', 's.price_inr', 'p.therapy', 'pp.name as plan_name'])
      .where('a.id', '=', source)
      .executeTakeFirst();
    if (!a) throw notFound();
    if (!APPOINTMENT_BILLABLE.includes(a.status)) throw new HttpError(409, T.appointmentNotArrived);
    const tax = await itemTax(db, 'service', a.service_id);
    const fromPackage = a.package_id === null ? null : (a.plan_name ?? `${a.therapy} package`);
    return {
      client: a.client_id,
      lines: [
        {
          origin: fromPackage ? 'package_session' : 'service',
          item_id: a.service_id,
          product_id: null,
          description: a.name,
          code: tax.code,
          quantity: 1,
          unit_price_paise: fromPackage ? 0 : a.price_inr * 100,
          discount_paise: 0,
          gst_rate_bp: tax.rateBp,
          exempt: tax.exempt,
          from_package: fromPackage,
        },
      ],
    };
  }
  if (from === 'lab_order') {
    const o = await db.selectFrom('lab_orders').select(['client_id', 'status']).where('id', '=', source).executeTakeFirst();
    if (!o) throw notFound();
    if (o.status === 'cancelled') throw new HttpError(409, T.labOrderCancelled);
    const { people } = await db
      .selectFrom('lab_order_people')
      .select((eb) => eb.fn.countAll<number>().as('people'))
      .where('order_id', '=', source)
      .executeTakeFirstOrThrow();
    const items = await db
      .selectFrom('lab_order_items as i')
      .innerJoin('lab_catalogue as c', 'c.id', 'i.catalogue_id')
      .select(['c.id', 'c.name', 'i.price_inr'])
      .where('i.order_id', '=', source)
      .orderBy('c.name')
      .execute();
    const lines: NewLine[] = [];
    for (const item of items) {
      const tax = await itemTax(db, 'lab_item', item.id);
      lines.push({
        origin: 'lab_item',
        item_id: item.id,
        product_id: null,
        description: item.name,
        code: tax.code,
        quantity: Math.max(1, Number(people)),
        unit_price_paise: item.price_inr * 100,
        discount_paise: 0,
        gst_rate_bp: tax.rateBp,
        exempt: tax.exempt,
        from_package: null,
      });
    }
    return { client: o.client_id, lines };
  }
  const p = await db
    .selectFrom('packages as p')
    .leftJoin('package_plans as pp', 'pp.id', 'p.plan_id')
    .select(['p.client_id', 'p.plan_id', 'p.price_inr', 'p.sessions_total', 'pp.name'])
    .where('p.id', '=', source)
    .executeTakeFirst();
  if (!p) throw notFound();
  if (p.plan_id === null || p.price_inr === null) throw new HttpError(409, T.packageNotSold);
  const tax = await itemTax(db, 'package_plan', p.plan_id);
  return {
    client: p.client_id,
    lines: [
      {
        origin: 'package_plan',
        item_id: p.plan_id,
        product_id: null,
        description: `${p.name ?? 'Package'} (${p.sessions_total} sessions)`,
        code: tax.code,
        quantity: 1,
        unit_price_paise: p.price_inr * 100,
        discount_paise: 0,
        gst_rate_bp: tax.rateBp,
        exempt: tax.exempt,
        from_package: null,
      },
    ],
  };
}

/** A line kept from the draft, with the changes its item carries (never its tax data unless it is a product or free line). */
function keptLine(input: S['BillingLineInput'], existing: LineRow | undefined, field: string): NewLine {
  if (!existing) throw badRequest(`${field}.line`, T.lineNotOnDraft);
  const ownTax = existing.origin === 'manual' || existing.origin === 'product';
  for (const key of ['code', 'gst_rate_bp', 'exempt', 'product'] as const) {
    if (input[key] !== undefined && (!ownTax || key === 'product')) throw badRequest(`${field}.${key}`, T.lineTaxFromItem);
  }
  return {
    id: existing.id,
    origin: existing.origin,
    item_id: existing.item_id,
    product_id: existing.product_id,
    description: input.description?.trim() ?? existing.description,
    code: input.code !== undefined ? input.code : existing.code,
    quantity: input.quantity ?? existing.quantity,
    unit_price_paise: input.unit_price_paise ?? Number(existing.unit_price_paise),
    discount_paise: input.discount_paise ?? Number(existing.discount_paise),
    gst_rate_bp: input.gst_rate_bp ?? existing.gst_rate_bp,
    exempt: input.exempt ?? existing.exempt,
    from_package: existing.from_package,
  };
}

/** A new line: a product (its data, which the input may override) or a free line. */
async function newLine(db: Db, input: S['BillingLineInput'], field: string): Promise<NewLine> {
  if (input.product !== undefined) {
    const product = await findProduct(db, input.product);
    if (!product || !product.active) throw badRequest(`${field}.product`, T.productUnknown);
    return {
      origin: 'product',
      item_id: null,
      product_id: product.id,
      description: input.description?.trim() ?? product.name,
      code: input.code !== undefined ? input.code : product.code,
      quantity: input.quantity ?? 1,
      unit_price_paise: input.unit_price_paise ?? Number(product.unit_price_paise),
      discount_paise: input.discount_paise ?? 0,
      gst_rate_bp: input.gst_rate_bp ?? product.gst_rate_bp,
      exempt: input.exempt ?? product.exempt,
      from_package: null,
    };
  }
  const missing = (['description', 'unit_price_paise', 'gst_rate_bp'] as const).find((key) => input[key] === undefined);
  if (missing) throw badRequest(`${field}.${missing}`, T.freeLineNeeds);
  return {
    origin: 'manual',
    item_id: null,
    product_id: null,
    description: input.description!.trim(),
    code: input.code ?? null,
    quantity: input.quantity ?? 1,
    unit_price_paise: input.unit_price_paise!,
    discount_paise: input.discount_paise ?? 0,
    gst_rate_bp: input.gst_rate_bp!,
    exempt: input.exempt ?? false,
    from_package: null,
  };
}

/** The lines an edit asks for, each checked (a 400 names `lines[i].field`); lines from items keep their tax data. */
export async function linesFromInput(
  db: Db,
  inputs: S['BillingLineInput'][],
  existing: LineRow[],
  settings: BillingSettings,
  prefix = 'lines',
): Promise<NewLine[]> {
  const out: NewLine[] = [];
  const seen = new Set<number>();
  for (const [i, input] of inputs.entries()) {
    const field = `${prefix}[${i}]`;
    let line: NewLine;
    if (input.line !== undefined) {
      if (seen.has(input.line)) throw badRequest(`${field}.line`, T.lineNotOnDraft);
      seen.add(input.line);
      line = keptLine(
        input,
        existing.find((l) => l.id === input.line),
        field,
      );
    } else {
      line = await newLine(db, input, field);
    }
    checkLine(line, settings, field);
    out.push(line);
  }
  return out;
}

/** A line the rules can price, at a rate the clinic offers (unless it comes from an item's own data). */
export function checkLine(line: NewLine, settings: BillingSettings, field: string): void {
  if ((line.origin === 'manual' || line.origin === 'product') && !settings.ratesBp.includes(line.gst_rate_bp))
    throw badRequest(`${field}.gst_rate_bp`, T.rateNotOffered(settings.ratesBp));
  if (line.discount_paise > line.quantity * line.unit_price_paise) throw badRequest(`${field}.discount_paise`, T.discountTooLarge);
  const problem = lineProblem({
    quantity: line.quantity,
    unitPricePaise: line.unit_price_paise,
    discountPaise: line.discount_paise,
    rateBasisPoints: line.gst_rate_bp,
  });
  if (problem) throw badRequest(field, problem);
}

/** Stores a draft's lines as given (kept lines updated in place, new ones added, the rest removed), priced under `regime`. */
export async function writeLines(trx: Db, documentId: number, lines: NewLine[], regime: TaxRegime): Promise<void> {
  const keep = lines.flatMap((l) => (l.id !== undefined ? [l.id] : []));
  let removal = trx.deleteFrom('billing_lines').where('document_id', '=', documentId);
  if (keep.length) removal = removal.where('id', 'not in', keep);
  await removal.execute();
  for (const [position, line] of lines.entries()) {
    const p = priced(line, regime);
    const row = {
      position,
      origin: line.origin,
      item_id: line.item_id,
      product_id: line.product_id,
      description: line.description,
      code: line.code,
      quantity: line.quantity,
      unit_price_paise: line.unit_price_paise,
      discount_paise: line.discount_paise,
      gst_rate_bp: line.gst_rate_bp,
      exempt: line.exempt,
      from_package: line.from_package,
      taxable_paise: p.taxablePaise,
      cgst_paise: p.cgst?.amountPaise ?? 0,
      sgst_paise: p.sgst?.amountPaise ?? 0,
      igst_paise: p.igst?.amountPaise ?? 0,
      total_paise: p.totalPaise,
    };
    if (line.id !== undefined) await trx.updateTable('billing_lines').set(row).where('id', '=', line.id).execute();
    else
      await trx
        .insertInto('billing_lines')
        .values({ document_id: documentId, credits_line_id: null, ...row })
        .execute();
  }
}

/** A stored line as a NewLine (to price it again under the regime of the moment). */
export const asNewLine = (l: LineRow): NewLine => ({
  id: l.id,
  origin: l.origin,
  item_id: l.item_id,
  product_id: l.product_id,
  description: l.description,
  code: l.code,
  quantity: l.quantity,
  unit_price_paise: Number(l.unit_price_paise),
  discount_paise: Number(l.discount_paise),
  gst_rate_bp: l.gst_rate_bp,
  exempt: l.exempt,
  from_package: l.from_package,
});
