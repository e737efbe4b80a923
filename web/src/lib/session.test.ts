import { expect, it } from 'vitest';
import { holdsUserData } from './session';

it('signing out clears every cached read but the public ones, such as the tenant’s brand', () => {
  // Public routes answer the same to everyone: they stay.
  expect(holdsUserData(['tenants.app'])).toBe(false);
  expect(holdsUserData(['curriculums.list'])).toBe(false);
  expect(holdsUserData(['meta-tags.byPath', { query: { path: '/learning-portal' } }])).toBe(false);
  // Signed-in routes, keys that are not a route's (several pages read as one) and unrecorded keys go.
  expect(holdsUserData(['courses.list', { query: { limit: 10 } }])).toBe(true);
  expect(holdsUserData(['sessions.list', 'student-1', 0])).toBe(true);
  expect(holdsUserData(['schedule.adminMeetings:all', { startDate: 'a', endDate: 'b' }])).toBe(true);
  expect(holdsUserData(undefined)).toBe(true);
});
