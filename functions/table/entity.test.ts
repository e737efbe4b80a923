import { describe, expect, it } from 'vitest';
import { keyConditionQuery, prefixRange } from './entity';

/** DynamoDB orders string keys by their UTF-8 bytes. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

describe('a prefix of the sort key, asked as a range', () => {
  it('asks the prefix as BETWEEN (DynamoDB Local reads a range from its index, begins_with the whole partition)', () => {
    const query = keyConditionQuery({ partition: 'T#x#LIST', sortKey: { beginsWith: 'okafor' } });
    expect(query.KeyConditionExpression).toBe('#pk = :pk AND #sk BETWEEN :low AND :high');
    expect(query.ExpressionAttributeValues).toEqual({
      ':pk': 'T#x#LIST',
      ':low': 'okafor',
      ':high': 'okafor\u{10FFFF}',
    });
  });

  it('holds every key that begins with the prefix, in UTF-8 byte order, and none that does not', () => {
    const [low, high] = prefixRange('zoe o');
    const inside = ['zoe o', "zoe o'neil#u1", 'zoe o\uffff#u2', 'zoe o\u{1F600}#u3', 'zoe o\u{10FFFE}'];
    const outside = ['zoe n', 'zoe p', 'zoe', 'zoe ~', 'zof'];
    for (const key of inside) {
      expect(byBytes(low, key) <= 0 && byBytes(key, high) <= 0, key).toBe(true);
    }
    for (const key of outside) {
      expect(byBytes(low, key) <= 0 && byBytes(key, high) <= 0, key).toBe(false);
    }
  });

  it('reads the whole partition for an empty prefix', () => {
    expect(keyConditionQuery({ partition: 'p', sortKey: { beginsWith: '' } }).KeyConditionExpression).toBe(
      '#pk = :pk',
    );
  });
});
