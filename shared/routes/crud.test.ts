import { expect, it } from 'vitest';
import { roleInputSchema } from '../schemas/role';
import { strict } from '../schemas/strict';
import { partialWithoutDefaults } from './crud';

it('keeps create-time defaults out of partial updates', () => {
  const update = strict(partialWithoutDefaults(roleInputSchema));
  expect(update.parse({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
  expect(roleInputSchema.parse({ name: 'New', type: 'user' })).toEqual({
    name: 'New',
    type: 'user',
    isGuest: false,
    permissions: {},
  });
  expect(update.safeParse({ unknown: 1 }).success).toBe(false);
});

it('declares dropdown-list and user/{userId} only for the resources that ask for them', async () => {
  const { groupRoutes, flexiblePlanRoutes, groupTutorRateCourseTypeRoutes } = await import(
    './price-catalogue'
  );
  const calls = (routes: ReadonlyArray<{ method: string; path: string }>) =>
    routes.map((route) => `${route.method} ${route.path}`);
  expect(calls(groupRoutes)).toEqual([
    'GET /admin/groups',
    'GET /admin/groups/{id}',
    'POST /admin/groups',
    'PUT /admin/groups/{id}',
    'DELETE /admin/groups/{id}',
    'GET /admin/groups/verify-delete/{id}',
  ]);
  expect(calls(groupTutorRateCourseTypeRoutes)).toContain(
    'GET /admin/group-tutor-rate-course-types/dropdown-list',
  );
  expect(calls(flexiblePlanRoutes)).toContain('GET /admin/flexible-plans/user/{userId}');
  expect(calls(flexiblePlanRoutes)).not.toContain('GET /admin/flexible-plans/dropdown-list');
  const forUser = flexiblePlanRoutes.find((route) => route.id === 'flexible-plans.forUser');
  expect(forUser?.query.safeParse({ extra: '1' }).success).toBe(false);
});
