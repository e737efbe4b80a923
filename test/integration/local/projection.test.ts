import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { db, tableName } from '../../../functions/lib/db';
import { defineEntity } from '../../../functions/table/entity';
import { getManyProjected, queryProjected } from '../../../functions/table/projection';
import { scanItems } from '../../../functions/table/query';
import { localStackForFile } from '../../support/stack';

localStackForFile();

const TENANT = 'projection-test';

/** A made-up entity with a large attribute a projected read leaves unread, and a reserved word (`name`). */
const gadgetSchema = z.object({
  shelf: z.string(),
  _id: z.string(),
  name: z.string(),
  manual: z.string(),
  weight: z.number(),
});
type Gadget = z.infer<typeof gadgetSchema>;

const gadgets = defineEntity({
  name: 'gadget',
  schema: gadgetSchema,
  keyAttributes: ['shelf', '_id'],
  key: (tenant, gadget) => ({ pk: `T#${tenant}#GADGETS#${gadget.shelf}`, sk: gadget._id }),
  indexes: (tenant, gadget) => ({
    gsi1pk: `T#${tenant}#GADGETNAMES`,
    gsi1sk: `${gadget.name}#${gadget._id}`,
  }),
});

const gadget = (shelf: string, id: string, name: string): Gadget => ({
  shelf,
  _id: id,
  name,
  manual: 'x'.repeat(2_000),
  weight: 3,
});

const listing = gadgetSchema.pick({ _id: true, name: true });

describe('projected reads through a narrow schema, against DynamoDB Local', () => {
  it('reads only the schema’s attributes of a partition or an index, typed and in key order', async () => {
    // Prepare
    for (const [id, name] of [
      ['g1', 'lamp'],
      ['g2', 'clock'],
      ['g3', 'lamp'],
    ] as const) {
      await gadgets.put(TENANT, gadget('a', id, name));
    }

    // Act
    const onShelf = await queryProjected(listing, { partition: `T#${TENANT}#GADGETS#a` });
    const lamps = await queryProjected(listing, {
      index: 'gsi1',
      partition: `T#${TENANT}#GADGETNAMES`,
      sortKey: { beginsWith: 'lamp#' },
      descending: true,
    });

    // Assess
    expect(onShelf).toEqual([
      { _id: 'g1', name: 'lamp' },
      { _id: 'g2', name: 'clock' },
      { _id: 'g3', name: 'lamp' },
    ]);
    expect(lamps.map((found) => found._id)).toEqual(['g3', 'g1']);
  });

  it('reads many by key, only the schema’s attributes, leaving out the missing ones', async () => {
    // Prepare
    await gadgets.put(TENANT, gadget('b', 'g1', 'kettle'));

    // Act
    const found = await getManyProjected(gadgetSchema.pick({ name: true, weight: true }), [
      gadgets.key(TENANT, { shelf: 'b', _id: 'g1' }),
      gadgets.key(TENANT, { shelf: 'b', _id: 'none' }),
    ]);

    // Assess
    expect(found).toEqual([{ name: 'kettle', weight: 3 }]);
  });

  it('fails loudly on an item whose projected attributes no longer match the schema', async () => {
    // Prepare
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...gadgets.key(TENANT, { shelf: 'c', _id: 'g1' }), _id: 'g1', name: 7 },
      }),
    );

    // Act + Assess
    await expect(queryProjected(listing, { partition: `T#${TENANT}#GADGETS#c` })).rejects.toBeInstanceOf(
      z.core.$ZodError,
    );
  });

  it('scans every item a filter matches, page after page (100 items a page of a seeded table)', async () => {
    // Prepare
    await gadgets.putMany(
      TENANT,
      Array.from({ length: 30 }, (_, i) => gadget('d', `g${i}`, 'scanned')),
    );

    // Act
    const found = await scanItems({
      FilterExpression: 'begins_with(pk, :shelf)',
      ExpressionAttributeValues: { ':shelf': `T#${TENANT}#GADGETS#d` },
      Limit: 100,
    });

    // Assess
    expect(found).toHaveLength(30);
  });
});
