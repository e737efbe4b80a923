import type { PermissionRequirement } from './check';

/**
 * The permissions that reach other users' records beyond the caller's own relations (their courses, their
 * children): the server's record-level rules (functions/access/records.ts and the handlers that check a
 * record's owner) and the SPA's screens read them here, so the two never disagree.
 */
export const recordReaders = {
  /** Any user's learning data (progress, sessions, bookmarks, onboarding, usage); every student. */
  anyLearner: { areas: ['adminUsers'], actions: ['view'] },
  /** Any course as its admin: its content for every audience, its homework to review. */
  anyCourse: { areas: ['adminCourses'], actions: ['view', 'edit'] },
  /** Any course's page without being on it, and any tutor's courses. */
  anyCourseDetails: { areas: ['adminCourses'], actions: ['view'] },
  /** Anyone's calendar and any lesson. */
  anySchedule: { areas: ['schedule'], actions: ['view'] },
  /** Any tutor's availability: to read it, and to change it. */
  anyAvailability: { areas: ['schedule', 'adminUsers'], actions: ['view', 'edit'] },
  anyAvailabilityChange: { areas: ['schedule', 'adminUsers'], actions: ['edit'] },
  /** Any trial, and any trial's recordings to add and remove. */
  anyTrial: { areas: ['trialClass'], actions: ['view'] },
  anyTrialRecordings: { areas: ['trialClass'], actions: ['edit'] },
} satisfies Record<string, PermissionRequirement>;
export type RecordReader = keyof typeof recordReaders;
