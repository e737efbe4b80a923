import * as z from 'zod';
import { type InvoiceRecord, invoiceRecordSchema } from '../../shared/schemas/invoices';
import { collectionRepository } from '../crud/repository';
import { DeleteCommand, db, PutCommand, tableName } from '../lib/db';
import { collections, keys } from '../table/access-patterns';
import { counters } from '../table/counters';
import { defineEntity } from '../table/entity';
import { isConditionalCheckFailure, writtenIf } from '../table/items';
import type { TransactItem } from '../table/transactions';

/**
 * Invoices: a collection (newest first), listed by user (a family's page; its status filter is read from
 * the user's few invoices), by status (the back-office's filter, counted per day) and by number (unique, so
 * a partition of one). Few indexes: each is a write in every invoice's transaction.
 */
export const invoicesRepository = collectionRepository<InvoiceRecord, 'userId' | 'status' | 'invoiceNumber'>({
  collection: collections.invoices,
  schema: invoiceRecordSchema,
  label: 'invoice',
  searchFields: [],
  sortFields: ['createdAt', 'invoiceNumber', 'dueDate', 'status', 'updatedAt'],
  lists: {
    filters: {
      userId: (invoice) => invoice.userId,
      status: (invoice) => invoice.status,
      invoiceNumber: (invoice) => String(invoice.invoiceNumber),
    },
    indexes: [
      { name: 'user', filters: ['userId'], order: 'createdAt', count: 'keys' },
      { name: 'status', filters: ['status'], order: 'createdAt', count: 'days' },
      { name: 'number', filters: ['invoiceNumber'], order: 'createdAt', count: 'keys' },
    ],
  },
});

/** The counter that holds a tenant's last invoice number. */
const INVOICE_NUMBER = 'INVOICENUMBER';

/** The last invoice number given (0 before the first), read consistently: the next one is read + 1. */
export async function lastInvoiceNumber(tenant: string): Promise<number> {
  return (await counters.get(tenant, { name: INVOICE_NUMBER }, { consistent: true }))?.count ?? 0;
}

/**
 * Moves the last invoice number from `read` to `read + 1`, for the transaction that inserts the invoice
 * numbered `read + 1`: it fails when another invoice took that number first (the caller reads again), so
 * numbers are unique and leave no gaps, whatever the concurrency.
 */
export function invoiceNumberWrite(tenant: string, read: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: counters.key(tenant, { name: INVOICE_NUMBER }),
      UpdateExpression: 'SET #name = :name, #entity = :entity, #count = :next',
      ConditionExpression: 'attribute_not_exists(pk) OR #count = :read',
      ExpressionAttributeNames: { '#name': 'name', '#entity': 'entity', '#count': 'count' },
      ExpressionAttributeValues: {
        ':name': INVOICE_NUMBER,
        ':entity': counters.name,
        ':next': read + 1,
        ':read': read,
      },
    },
  };
}

/**
 * Whose turn it is to number an invoice: a short lease, so that concurrent creates take their numbers one
 * after another instead of all racing for the same one (each race lost is a transaction wasted, and a
 * crowd of them grows with the square of its size). Correctness never rests on it: the counter's
 * condition does. A holder that dies leaves it to expire.
 */
const numberingTurns = defineEntity({
  name: 'invoiceNumberingTurn',
  schema: z.object({ holder: z.string(), heldUntil: z.number() }),
  keyAttributes: [],
  key: (tenant) => keys.invoiceNumberingTurn(tenant),
});

/** Takes the numbering turn for `ms`, if nobody holds it (or their lease ran out); false otherwise. */
export async function takeNumberingTurn(tenant: string, holder: string, ms: number): Promise<boolean> {
  const now = Date.now();
  return writtenIf(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: numberingTurns.item(tenant, { holder, heldUntil: now + ms }),
        ConditionExpression: 'attribute_not_exists(pk) OR heldUntil < :now',
        ExpressionAttributeValues: { ':now': now },
      }),
    ),
  );
}

/** Gives the turn back, if it is still this holder's. */
export async function releaseNumberingTurn(tenant: string, holder: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: numberingTurns.key(tenant, {}),
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':holder': holder },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
