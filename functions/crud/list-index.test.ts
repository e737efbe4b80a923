import { describe, expect, it } from 'vitest';
import { LISTS_VERSION, listIndexes, withGuard } from './list-index';

interface Thing {
  _id: string;
  status: string;
  people: string[];
  at: string;
}

const things = listIndexes<Thing, 'status' | 'person', 'at'>({
  collection: 'THING',
  // Never read here: only the writes and the guard are tested.
  entity: {
    key: (tenant, id) => ({ pk: `T#${tenant}#THING`, sk: id._id }),
    parse: () => {
      throw new Error('not read');
    },
    getMany: () => Promise.reject(new Error('not read')),
  },
  filters: { status: (thing) => thing.status, person: (thing) => thing.people },
  orders: { at: (thing) => thing.at },
  defaultOrder: 'at',
  indexes: [
    { name: 'all', filters: [], order: 'at', count: 'days' },
    { name: 'status', filters: ['status'], order: 'at', count: 'days' },
    { name: 'person', filters: ['person'], order: 'at', count: 'keys' },
  ],
});

const listed = { listsVersion: LISTS_VERSION };
const thing: Thing = { _id: 'a', status: 'OPEN', people: ['p1', 'p2'], at: '2031-01-02T10:00:00.000Z' };
const summary = (items: ReturnType<typeof things.writes>) =>
  items.map((item) =>
    item.Put
      ? `put ${item.Put.Item?.pk} ${item.Put.Item?.sk}`
      : item.Delete
        ? `delete ${item.Delete.Key?.pk} ${item.Delete.Key?.sk}`
        : `add ${item.Update?.Key?.pk} ${item.Update?.Key?.sk} ${Object.entries(
            item.Update?.ExpressionAttributeNames ?? {},
          )
            .filter(([name]) => name.startsWith('#c'))
            .map(
              ([name, attribute]) =>
                `${attribute}=${item.Update?.ExpressionAttributeValues?.[name.replace('#c', ':d')]}`,
            )
            .join(' ')}`,
  );

describe('list index writes', () => {
  it('lists a new record under every index and value, and counts it by day where counted', () => {
    expect(summary(things.writes('t', undefined, thing))).toEqual([
      'put T#t#THING#LIST#all 2031-01-02T10:00:00.000Z#a',
      'put T#t#THING#LIST#status#OPEN 2031-01-02T10:00:00.000Z#a',
      'put T#t#THING#LIST#person#p1 2031-01-02T10:00:00.000Z#a',
      'put T#t#THING#LIST#person#p2 2031-01-02T10:00:00.000Z#a',
      'add T#t#THING#LISTCOUNT 2031-01-02 all=1 status#OPEN=1',
    ]);
  });

  it('moves only the entries whose key changes, and their counts', () => {
    const before = { ...thing, ...listed };
    const after = { ...before, status: 'CLOSED', people: ['p2', 'p3'] };
    expect(summary(things.writes('t', before, after))).toEqual([
      'delete T#t#THING#LIST#status#OPEN 2031-01-02T10:00:00.000Z#a',
      'put T#t#THING#LIST#status#CLOSED 2031-01-02T10:00:00.000Z#a',
      'delete T#t#THING#LIST#person#p1 2031-01-02T10:00:00.000Z#a',
      'put T#t#THING#LIST#person#p3 2031-01-02T10:00:00.000Z#a',
      'add T#t#THING#LISTCOUNT 2031-01-02 status#OPEN=-1 status#CLOSED=1',
    ]);
    // A move within the same day changes no count.
    const later = { ...before, at: '2031-01-02T18:00:00.000Z' };
    expect(summary(things.writes('t', before, later)).filter((line) => line.startsWith('add'))).toEqual([]);
  });

  it('aggregates the counts of several records, and writes nothing for a record without change', () => {
    const a = { ...thing, ...listed };
    const b = { ...thing, _id: 'b', ...listed };
    const close = (record: typeof a) => ({ before: record, after: { ...record, status: 'CLOSED' } });
    const adds = summary(things.writesOfMany('t', [close(a), close(b)])).filter((line) =>
      line.startsWith('add'),
    );
    expect(adds).toEqual(['add T#t#THING#LISTCOUNT 2031-01-02 status#OPEN=-2 status#CLOSED=2']);
    expect(things.writes('t', a, { ...a })).toEqual([]);
  });

  it('removes nothing of a record stored before its indexes, and guards on its marker', () => {
    const old = { ...thing };
    expect(summary(things.writes('t', old, { ...old, status: 'CLOSED' }))).not.toContainEqual(
      expect.stringMatching(/^delete|-1$/),
    );
    expect(things.guard(old)?.expression).toBe('attribute_not_exists(#listsVersion)');
    expect(things.guard({ ...old, ...listed })?.expression).toBe('#listsVersion = :listsVersion');
    expect(things.guard(undefined)).toBeUndefined();
    expect(
      withGuard(
        { ConditionExpression: 'updatedAt = :read', ExpressionAttributeValues: { ':read': 'x' } },
        things.guard(old),
      ),
    ).toEqual({
      ConditionExpression: '(updatedAt = :read) AND (attribute_not_exists(#listsVersion))',
      ExpressionAttributeNames: { '#listsVersion': 'listsVersion' },
      ExpressionAttributeValues: { ':read': 'x' },
    });
  });

  it('encodes values, so a # in one cannot reach another partition', () => {
    const odd = { ...thing, status: 'A#B' };
    expect(summary(things.writes('t', undefined, odd))).toContain(
      'put T#t#THING#LIST#status#A%23B 2031-01-02T10:00:00.000Z#a',
    );
  });
});
