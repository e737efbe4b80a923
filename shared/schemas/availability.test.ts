import { describe, expect, it } from 'vitest';
import {
  adminOnlyAvailabilityStatuses,
  offersTrials,
  type TutorAvailabilityStatus,
  takesLessons,
  tutorAvailabilityStatuses,
} from './availability';

/**
 * Spec 000 section 4: only `available` tutors get new free trials. Lessons of their own courses go on with
 * tutors still teaching (available, in their demo stage, or not interested in more trials); a break, a
 * resignation, an admin's hold or "not available" take them off the calendar for new lessons too.
 */
const expected: Record<TutorAvailabilityStatus, { trials: boolean; lessons: boolean }> = {
  available: { trials: true, lessons: true },
  notAvailable: { trials: false, lessons: false },
  onABreak: { trials: false, lessons: false },
  resigned: { trials: false, lessons: false },
  demoStage: { trials: false, lessons: true },
  notAvailableAdmin: { trials: false, lessons: false },
  notInterested: { trials: false, lessons: true },
};

describe('who is offered for trials and lessons, by availability status', () => {
  it('covers every status', () => {
    expect(Object.keys(expected).sort()).toEqual([...tutorAvailabilityStatuses].sort());
  });

  it.each(
    tutorAvailabilityStatuses.map(
      (status) => [status, expected[status].trials, expected[status].lessons] as const,
    ),
  )('%s: offered for trials %s, takes lessons %s', (status, trials, lessons) => {
    expect(offersTrials(status)).toBe(trials);
    expect(takesLessons(status)).toBe(lessons);
  });

  it('never offers trials with a tutor who takes no lessons', () => {
    for (const status of tutorAvailabilityStatuses) {
      if (offersTrials(status)) expect(takesLessons(status)).toBe(true);
    }
  });

  it('keeps the statuses only an admin sets out of both', () => {
    for (const status of adminOnlyAvailabilityStatuses) {
      expect(offersTrials(status)).toBe(false);
      expect(takesLessons(status)).toBe(false);
    }
  });
});
