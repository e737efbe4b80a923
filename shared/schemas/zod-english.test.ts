import { expect, it } from 'vitest';
import { idSchema } from './common';
import { pagingQuerySchema } from './paging';

// zod/mini has no messages of its own: without zod-english.ts every failure would read "Invalid input".
it('gives the schemas written with zod/mini English messages', () => {
  expect(idSchema.safeParse('').error?.issues[0]?.message).toBe(
    'Too small: expected string to have >=1 characters',
  );
  expect(pagingQuerySchema.safeParse({ limit: 'many' }).error?.issues[0]?.message).toBe(
    'Invalid input: expected number, received NaN',
  );
});
