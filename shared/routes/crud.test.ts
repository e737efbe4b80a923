import { expect, it } from 'vitest';
import { roleInputSchema } from '../schemas/role';
import { partialWithoutDefaults } from './crud';

it('keeps create-time defaults out of partial updates', () => {
  const update = partialWithoutDefaults(roleInputSchema).strict();
  expect(update.parse({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
  expect(roleInputSchema.parse({ name: 'New', type: 'user' })).toEqual({
    name: 'New',
    type: 'user',
    isGuest: false,
    permissions: {},
  });
  expect(update.safeParse({ unknown: 1 }).success).toBe(false);
});
