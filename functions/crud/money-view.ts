import { BadRequestError } from '../../shared/http/errors';
import type { Money } from '../../shared/money/money';
import { type MoneyDoc, moneyDoc, storedMoney } from '../../shared/money/schemas';
import { moneySettings, refusedCurrency } from '../../shared/money/settings';
import type { Tenant } from '../../shared/schemas/tenant';
import type { CrudFields, CrudView } from './operations';
import type { CrudRecord } from './repository';

/** A stored record with a price in minor units. */
type Priced = CrudRecord & { price: Money };

/**
 * The API's view of a record with a price (plans, course pricing templates): the price shown in major
 * units, and a body's price taken in major units, in a currency the tenant accepts (a 400 otherwise).
 */
export function pricedView<
  T extends Priced,
  Doc extends { price: MoneyDoc },
  Body extends { price: MoneyDoc },
>(shape: {
  /** The doc of a record: the record with its price in major units. */
  doc: (record: T, price: MoneyDoc) => Doc;
  /** The stored fields of a body: the body with its price in minor units. */
  fields: (body: Body, price: Money) => CrudFields<T>;
  changes: (body: Partial<Body>, price: Money | undefined) => Partial<CrudFields<T>>;
}): CrudView<T, Doc, Body> {
  return {
    present: (record) => shape.doc(record, moneyDoc(record.price)),
    accept: (body, tenant) => shape.fields(body, accepted(body.price, tenant)),
    acceptChanges: (body, tenant) => shape.changes(body, body.price && accepted(body.price, tenant)),
  };
}

/** The amount as stored, in a currency the tenant accepts. */
export function accepted(price: MoneyDoc, tenant: Tenant): Money {
  const refused = refusedCurrency(moneySettings(tenant.settings?.money), price.currency);
  if (refused) throw new BadRequestError(refused);
  return storedMoney(price);
}
