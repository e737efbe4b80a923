import { describe, expect, it } from 'vitest';
import { decideJoin, isJoinOpen, JOIN_OPENS_MINUTES, joinWindowHasOpened } from './join-window';

const start = new Date('2026-06-10T10:00:00Z');
const end = new Date('2026-06-10T11:00:00Z');
const minutesFromStart = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const decide = (now: Date, status = 'ACTIVE') => decideJoin({ start, end, status, now });

describe('when a lesson can be joined', () => {
  it(`opens ${JOIN_OPENS_MINUTES} minutes before the start and stays open until the end`, () => {
    expect(decide(minutesFromStart(-JOIN_OPENS_MINUTES))).toEqual({ outcome: 'open' });
    expect(decide(start)).toEqual({ outcome: 'open' });
    expect(decide(minutesFromStart(59.9))).toEqual({ outcome: 'open' });
  });

  it('refuses earlier, saying when it opens', () => {
    expect(decide(minutesFromStart(-JOIN_OPENS_MINUTES - 0.1))).toEqual({
      outcome: 'refused',
      message: `This lesson opens for joining ${JOIN_OPENS_MINUTES} minutes before it starts`,
    });
    expect(decide(minutesFromStart(-24 * 60)).outcome).toBe('refused');
  });

  it('refuses from the end on (the end itself included)', () => {
    expect(decide(end)).toEqual({ outcome: 'refused', message: 'This lesson has ended' });
    expect(decide(minutesFromStart(120))).toEqual({ outcome: 'refused', message: 'This lesson has ended' });
  });

  it('refuses a cancelled or completed lesson, even inside its window', () => {
    expect(decide(start, 'CANCELLED')).toEqual({ outcome: 'refused', message: 'This lesson was cancelled' });
    expect(decide(start, 'COMPLETED')).toEqual({ outcome: 'refused', message: 'This lesson has ended' });
  });

  it('answers the same as a yes or no for the Join button', () => {
    expect(isJoinOpen({ start, end, status: 'ACTIVE', now: start })).toBe(true);
    expect(isJoinOpen({ start, end, status: 'ACTIVE', now: end })).toBe(false);
  });
});

describe('whether anyone can have joined a lesson yet', () => {
  const opened = (now: Date, status = 'ACTIVE') => joinWindowHasOpened({ start, status, now });

  it(`is false until ${JOIN_OPENS_MINUTES} minutes before the start, then true for good`, () => {
    expect(opened(minutesFromStart(-JOIN_OPENS_MINUTES - 0.1))).toBe(false);
    expect(opened(minutesFromStart(-JOIN_OPENS_MINUTES))).toBe(true);
    expect(opened(minutesFromStart(30))).toBe(true);
    // After the end (and once completed) the joins made during the lesson still count.
    expect(opened(minutesFromStart(24 * 60), 'COMPLETED')).toBe(true);
  });

  it('is false for a cancelled lesson', () => {
    expect(opened(minutesFromStart(30), 'CANCELLED')).toBe(false);
  });
});
