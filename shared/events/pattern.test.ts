import { describe, expect, it } from 'vitest';
import { matchesPattern } from './pattern';

describe('matchesPattern', () => {
  const outboxInserts = { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['outboxEvent'] } } } };

  it('matches a record with every named field at an allowed value, whatever else it holds', () => {
    const record = {
      eventName: 'INSERT',
      dynamodb: { NewImage: { entity: { S: 'outboxEvent' }, type: { S: 'TrialBooked' } }, SizeBytes: 10 },
    };
    expect(matchesPattern(outboxInserts, record)).toBe(true);
  });

  it('refuses another value, a missing field, a value of another type, or no object at all', () => {
    const image = (entity: unknown) => ({ NewImage: { entity } });
    expect(
      matchesPattern(outboxInserts, { eventName: 'REMOVE', dynamodb: image({ S: 'outboxEvent' }) }),
    ).toBe(false);
    expect(matchesPattern(outboxInserts, { eventName: 'INSERT', dynamodb: image({ S: 'user' }) })).toBe(
      false,
    );
    expect(matchesPattern(outboxInserts, { eventName: 'INSERT', dynamodb: {} })).toBe(false);
    expect(matchesPattern(outboxInserts, { eventName: 'INSERT', dynamodb: image({ N: '1' }) })).toBe(false);
    expect(
      matchesPattern(outboxInserts, { eventName: ['INSERT'], dynamodb: image({ S: 'outboxEvent' }) }),
    ).toBe(false);
    expect(matchesPattern(outboxInserts, undefined)).toBe(false);
  });
});
