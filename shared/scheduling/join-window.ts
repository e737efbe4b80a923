/**
 * When a participant may join a live lesson. Spec 001 names the waiting room's
 * `notify-user-joined-to-meeting` call but not its rule, so this is ours: a lesson opens for joining
 * JOIN_OPENS_MINUTES before its start (time to test a microphone) and closes at its end. Later than that
 * the lesson-history job may already have written the lesson's row, so a join could no longer count; a
 * cancelled or completed lesson cannot be joined at all. The portal's Join button and the server use this
 * one rule, so the button is never enabled for a join the server refuses.
 */
export const JOIN_OPENS_MINUTES = 15;

const MINUTE_MS = 60_000;

export type JoinDecision = { outcome: 'open' } | { outcome: 'refused'; message: string };

export function decideJoin(input: { start: Date; end: Date; status: string; now: Date }): JoinDecision {
  const { start, end, status, now } = input;
  if (status === 'CANCELLED') return { outcome: 'refused', message: 'This lesson was cancelled' };
  if (status !== 'ACTIVE' || now.getTime() >= end.getTime()) {
    return { outcome: 'refused', message: 'This lesson has ended' };
  }
  if (now.getTime() < start.getTime() - JOIN_OPENS_MINUTES * MINUTE_MS) {
    return {
      outcome: 'refused',
      message: `This lesson opens for joining ${JOIN_OPENS_MINUTES} minutes before it starts`,
    };
  }
  return { outcome: 'open' };
}

export function isJoinOpen(input: { start: Date; end: Date; status: string; now: Date }): boolean {
  return decideJoin(input).outcome === 'open';
}

/**
 * Whether anyone can have joined a lesson yet: its join window has opened and it was not cancelled. The
 * portal's read paths look up join times only for these lessons, so a long course's future lessons cost
 * nothing.
 */
export function joinWindowHasOpened(input: { start: Date; status: string; now: Date }): boolean {
  const { start, status, now } = input;
  return status !== 'CANCELLED' && now.getTime() >= start.getTime() - JOIN_OPENS_MINUTES * MINUTE_MS;
}
