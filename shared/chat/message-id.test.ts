import { describe, expect, it } from 'vitest';
import { MESSAGE_ID_LENGTH, messageIdFactory, messageIdPattern, messageIdTime } from './message-id';

describe('message ids', () => {
  it('sort as text in the order they were made, within one millisecond too', () => {
    // Prepare
    const next = messageIdFactory();
    const now = Date.UTC(2026, 10, 27, 21, 0, 0);

    // Act
    const ids = Array.from({ length: 500 }, (_, i) => next(now + Math.floor(i / 100)));

    // Assess
    expect(new Set(ids).size).toBe(500);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) {
      expect(id).toHaveLength(MESSAGE_ID_LENGTH);
      expect(id).toMatch(messageIdPattern);
    }
    expect(messageIdTime(ids[0] ?? '')).toBe(now);
  });

  it('keep increasing when the clock steps back', () => {
    const next = messageIdFactory();
    const first = next(2_000_000);
    const second = next(1_000_000);
    expect(second > first).toBe(true);
  });

  it('move to the next millisecond when the random part of one runs out', () => {
    // Prepare: a random part that is already the highest value
    const next = messageIdFactory(() => Array.from({ length: 16 }, () => 31));

    // Act
    const first = next(5_000);
    const second = next(5_000);

    // Assess
    expect(second > first).toBe(true);
    expect(messageIdTime(second)).toBe(5_001);
  });

  it('order ids of later milliseconds after earlier ones whatever their random part', () => {
    const high = messageIdFactory(() => Array.from({ length: 16 }, () => 31));
    const low = messageIdFactory(() => Array.from({ length: 16 }, () => 0));
    expect(low(1_001) > high(1_000)).toBe(true);
  });
});
