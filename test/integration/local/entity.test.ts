import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { db, tableName } from '../../../functions/lib/db';
import { defineEntity } from '../../../functions/table/entity';
import { writeTransaction } from '../../../functions/table/transactions';
import { ConflictError, NotFoundError } from '../../../shared/http/errors';
import { localStackForFile } from '../../support/stack';

localStackForFile();

const TENANT = 'entity-test';

/** A made-up entity with every feature: two key attributes, an optional index, a TTL. */
const widgetSchema = z.object({
  shelf: z.string(),
  _id: z.string(),
  colour: z.enum(['red', 'blue']),
  ownerId: z.string().nullable(),
  updatedAt: z.string(),
  expiresOn: z.number().optional(),
});
type Widget = z.infer<typeof widgetSchema>;

const widgets = defineEntity({
  name: 'widget',
  schema: widgetSchema,
  keyAttributes: ['shelf', '_id'],
  key: (tenant, widget) => ({ pk: `T#${tenant}#SHELF#${widget.shelf}`, sk: `WIDGET#${widget._id}` }),
  indexes: (tenant, widget) =>
    widget.ownerId ? { gsi1pk: `T#${tenant}#OWNER#${widget.ownerId}`, gsi1sk: widget._id } : {},
  expiresAt: (widget) => widget.expiresOn,
});

const widget = (shelf: string, id: string, changes: Partial<Widget> = {}): Widget => ({
  shelf,
  _id: id,
  colour: 'red',
  ownerId: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...changes,
});

const storedItem = async (shelf: string, id: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: widgets.key(TENANT, { shelf, _id: id }) })))
    .Item;

describe('defineEntity against DynamoDB Local', () => {
  it('stores the record with its keys, index keys, entity name and TTL, and reads back only the record', async () => {
    // Act
    await widgets.put(TENANT, widget('a', 'w1', { ownerId: 'u1', expiresOn: 2_000_000_000 }));

    // Assess
    expect(await storedItem('a', 'w1')).toMatchObject({
      pk: `T#${TENANT}#SHELF#a`,
      sk: 'WIDGET#w1',
      gsi1pk: `T#${TENANT}#OWNER#u1`,
      gsi1sk: 'w1',
      entity: 'widget',
      expiresAt: 2_000_000_000,
    });
    expect(await widgets.get(TENANT, { shelf: 'a', _id: 'w1' })).toEqual(
      widget('a', 'w1', { ownerId: 'u1', expiresOn: 2_000_000_000 }),
    );
    expect(await widgets.get(TENANT, { shelf: 'a', _id: 'missing' })).toBeUndefined();
  });

  it('parses every write: an invalid record is refused before it is stored, an unknown field is not stored', async () => {
    // Act
    const invalid = { ...widget('b', 'w2'), colour: 'green' };
    const withExtra = { ...widget('b', 'w3'), secret: 'not in the schema' };

    // Assess
    // @ts-expect-error the compiler refuses the colour too; the parse holds for values from outside it
    await expect(widgets.put(TENANT, invalid)).rejects.toBeInstanceOf(z.core.$ZodError);
    expect(await storedItem('b', 'w2')).toBeUndefined();
    await widgets.put(TENANT, withExtra);
    expect(await storedItem('b', 'w3')).not.toHaveProperty('secret');
  });

  it('parses every read: an item that no longer matches the schema fails loudly rather than leaking', async () => {
    // Prepare
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...widgets.key(TENANT, { shelf: 'c', _id: 'w4' }), entity: 'widget', shelf: 'c', _id: 'w4' },
      }),
    );

    // Act + Assess
    await expect(widgets.get(TENANT, { shelf: 'c', _id: 'w4' })).rejects.toBeInstanceOf(z.core.$ZodError);
  });

  it('gets an item stored without its identifying attributes (a claim written as its key alone)', async () => {
    // Prepare
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...widgets.key(TENANT, { shelf: 'c', _id: 'w5' }),
          entity: 'widget',
          colour: 'blue',
          ownerId: null,
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      }),
    );

    // Act: asked with a whole (red) record, as a caller may; only its identifying attributes count
    const found = await widgets.get(TENANT, widget('c', 'w5'));

    // Assess: the id's attributes come from the key asked for, the rest from the item
    expect(found).toEqual(widget('c', 'w5', { colour: 'blue' }));
  });

  it('holds its write conditions: absent, present, unchanged since a read', async () => {
    // Prepare
    const taken = () => new ConflictError('taken');
    await widgets.put(TENANT, widget('d', 'w5'), 'absent', taken);

    // Act + Assess
    await expect(widgets.put(TENANT, widget('d', 'w5'), 'absent', taken)).rejects.toThrow('taken');
    await expect(
      widgets.put(TENANT, widget('d', 'w6'), 'present', () => new NotFoundError('gone')),
    ).rejects.toThrow('gone');
    const changed = widget('d', 'w5', { colour: 'blue', updatedAt: '2026-02-01T00:00:00.000Z' });
    await widgets.put(TENANT, changed, { unchangedSince: '2026-01-01T00:00:00.000Z' }, taken);
    await expect(
      widgets.put(TENANT, widget('d', 'w5'), { unchangedSince: '2026-01-01T00:00:00.000Z' }, taken),
    ).rejects.toThrow('taken');
    expect((await widgets.get(TENANT, { shelf: 'd', _id: 'w5' }))?.colour).toBe('blue');
    await expect(
      widgets.remove(TENANT, { shelf: 'd', _id: 'w6' }, 'present', () => new NotFoundError('gone')),
    ).rejects.toThrow('gone');
  });

  it('writes in a caller transaction, all or none', async () => {
    // Act
    const attempt = writeTransaction(
      [
        widgets.putWrite(TENANT, widget('e', 'w7')),
        widgets.deleteWrite(TENANT, { shelf: 'e', _id: 'w8' }, 'present'),
      ],
      () => new NotFoundError('no w8'),
    );

    // Assess
    await expect(attempt).rejects.toThrow('no w8');
    expect(await storedItem('e', 'w7')).toBeUndefined();
  });

  it('queries a partition or an index by sort key, in either order, bounded by a limit', async () => {
    // Prepare
    for (const id of ['w1', 'w2', 'w3', 'x1']) await widgets.put(TENANT, widget('f', id, { ownerId: 'u9' }));

    // Act
    const newestTwo = await widgets.query({
      partition: `T#${TENANT}#SHELF#f`,
      sortKey: { beginsWith: 'WIDGET#w' },
      descending: true,
      limit: 2,
    });
    const between = await widgets.query({
      partition: `T#${TENANT}#SHELF#f`,
      sortKey: { between: ['WIDGET#w2', 'WIDGET#x0'] },
    });
    const byOwner = await widgets.query({
      index: 'gsi1',
      partition: `T#${TENANT}#OWNER#u9`,
      sortKey: { after: 'w2' },
    });

    // Assess
    expect(newestTwo.map((w) => w._id)).toEqual(['w3', 'w2']);
    expect(between.map((w) => w._id)).toEqual(['w2', 'w3']);
    expect(byOwner.map((w) => w._id)).toEqual(['w3', 'x1']);
  });

  // Writing 1,030 items takes a few seconds on a quiet machine and much longer beside other work.
  it('pages by offset with the partition total, also past the 1,000 items one query call reads', {
    timeout: 180_000,
  }, async () => {
    // Prepare
    const ids = Array.from({ length: 1_030 }, (_, i) => `w${String(i).padStart(4, '0')}`);
    await widgets.putMany(
      TENANT,
      ids.map((id) => widget('g', id)),
    );
    const shelf = { partition: `T#${TENANT}#SHELF#g` };

    // Act
    const last = await widgets.page(shelf, { offset: 1_020, limit: 20 });
    const past = await widgets.page(shelf, { offset: 2_000, limit: 20 });
    const all = await widgets.query(shelf);

    // Assess
    expect(last.totalDocs).toBe(1_030);
    expect(last.docs.map((w) => w._id)).toEqual(ids.slice(1_020));
    expect(past).toEqual({ totalDocs: 1_030, docs: [] });
    expect(all).toHaveLength(1_030);
    expect(await widgets.count(shelf)).toBe(1_030);
  });

  it('reads many by id once each, leaving out the unknown ones', async () => {
    // Prepare
    await widgets.put(TENANT, widget('h', 'w1'));
    await widgets.put(TENANT, widget('h', 'w2'));

    // Act
    const found = await widgets.getMany(TENANT, [
      { shelf: 'h', _id: 'w1' },
      { shelf: 'h', _id: 'w1' },
      { shelf: 'h', _id: 'w2' },
      { shelf: 'h', _id: 'nope' },
    ]);

    // Assess
    expect(found.map((w) => w._id).sort()).toEqual(['w1', 'w2']);
  });
});

describe('reads by key asked for together', () => {
  it('go as one BatchGetItem and each gets its own record, or undefined when absent', async () => {
    // Arrange
    await widgets.put(TENANT, widget('together', 'w1', { colour: 'red' }));
    await widgets.put(TENANT, widget('together', 'w2', { colour: 'blue' }));
    const send = vi.spyOn(db(), 'send');

    // Act
    const [first, second, missing, firstAgain] = await Promise.all([
      widgets.get(TENANT, { shelf: 'together', _id: 'w1' }),
      widgets.get(TENANT, { shelf: 'together', _id: 'w2' }),
      widgets.get(TENANT, { shelf: 'together', _id: 'nope' }),
      widgets.get(TENANT, { shelf: 'together', _id: 'w1' }),
    ]);

    // Assess
    expect([first?.colour, second?.colour, missing, firstAgain?.colour]).toEqual([
      'red',
      'blue',
      undefined,
      'red',
    ]);
    expect(send.mock.calls.map(([command]) => command.constructor.name)).toEqual(['BatchGetCommand']);
    send.mockRestore();
  });

  it('keep consistent reads apart from the others, and a read alone stays a GetItem', async () => {
    // Arrange
    await widgets.put(TENANT, widget('apart', 'w1'));
    const send = vi.spyOn(db(), 'send');

    // Act
    const [eventual, consistent] = await Promise.all([
      widgets.get(TENANT, { shelf: 'apart', _id: 'w1' }),
      widgets.get(TENANT, { shelf: 'apart', _id: 'w1' }, { consistent: true }),
    ]);

    // Assess
    expect(eventual?._id).toBe('w1');
    expect(consistent?._id).toBe('w1');
    expect(send.mock.calls.map(([command]) => [command.constructor.name, command.input])).toEqual([
      ['GetCommand', expect.not.objectContaining({ ConsistentRead: true })],
      ['GetCommand', expect.objectContaining({ ConsistentRead: true })],
    ]);
    send.mockRestore();
  });

  it('fail together when their call fails', async () => {
    // Arrange
    const send = vi.spyOn(db(), 'send').mockRejectedValueOnce(new Error('throttled'));

    // Act
    const reads = Promise.allSettled([
      widgets.get(TENANT, { shelf: 'fail', _id: 'w1' }),
      widgets.get(TENANT, { shelf: 'fail', _id: 'w2' }),
    ]);

    // Assess
    expect((await reads).map((read) => read.status)).toEqual(['rejected', 'rejected']);
    send.mockRestore();
  });
});
