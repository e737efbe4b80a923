import { describe, expect, it } from 'vitest';
import { handInTimes, timesAfterChange } from './homework-times';

const handedIn = '2026-11-20T09:00:00.000Z';
const edited = '2026-11-20T10:00:00.000Z';
const reviewed = '2026-11-21T15:30:00.000Z';
const later = '2026-11-22T08:00:00.000Z';

describe('handInTimes', () => {
  it('reads the stored times as they are', () => {
    expect(
      handInTimes({
        status: 'REVIEWED',
        createdAt: handedIn,
        updatedAt: later,
        submittedAt: edited,
        reviewedAt: reviewed,
      }),
    ).toEqual({ submittedAt: edited, reviewedAt: reviewed });
  });

  it('gives a submission stored before the times were kept its creation as hand-in, its last save as review', () => {
    expect(handInTimes({ status: 'SUBMITTED', createdAt: handedIn, updatedAt: edited })).toEqual({
      submittedAt: handedIn,
      reviewedAt: null,
    });
    expect(handInTimes({ status: 'REVIEWED', createdAt: handedIn, updatedAt: reviewed })).toEqual({
      submittedAt: handedIn,
      reviewedAt: reviewed,
    });
  });
});

describe('timesAfterChange', () => {
  const waiting = {
    status: 'SUBMITTED' as const,
    createdAt: handedIn,
    updatedAt: handedIn,
    submittedAt: handedIn,
    reviewedAt: null,
  };

  it('keeps the hand-in time when the tutor marks the work reviewed', () => {
    expect(timesAfterChange(waiting, { status: 'REVIEWED', feedback: 'Good', grade: 'A' }, reviewed)).toEqual(
      {
        submittedAt: handedIn,
        reviewedAt: reviewed,
      },
    );
  });

  it('makes a changed answer a new hand-in', () => {
    expect(timesAfterChange(waiting, { text: 'better answer' }, edited)).toEqual({
      submittedAt: edited,
      reviewedAt: null,
    });
    expect(timesAfterChange(waiting, { attachments: [] }, edited).submittedAt).toBe(edited);
  });

  it('leaves the review time unset while the tutor saves feedback without marking it reviewed', () => {
    expect(timesAfterChange(waiting, { feedback: 'Draft note' }, reviewed)).toEqual({
      submittedAt: handedIn,
      reviewedAt: null,
    });
  });

  it('moves the review time when reviewed work gets new feedback, and clears it when put back to waiting', () => {
    const done = { ...waiting, status: 'REVIEWED' as const, updatedAt: reviewed, reviewedAt: reviewed };
    expect(timesAfterChange(done, { grade: 'A+' }, later)).toEqual({
      submittedAt: handedIn,
      reviewedAt: later,
    });
    expect(timesAfterChange(done, { status: 'SUBMITTED' }, later)).toEqual({
      submittedAt: handedIn,
      reviewedAt: null,
    });
  });

  it('reads a submission stored before the times were kept the same way', () => {
    const legacy = { status: 'SUBMITTED' as const, createdAt: handedIn, updatedAt: edited };
    expect(timesAfterChange(legacy, { status: 'REVIEWED' }, reviewed)).toEqual({
      submittedAt: handedIn,
      reviewedAt: reviewed,
    });
  });
});
