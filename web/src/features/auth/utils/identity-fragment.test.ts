import { expect, it } from 'vitest';
import { identityFromFragment } from './identity-fragment';

it('reads id_token and user_id from the URL fragment', () => {
  expect(identityFromFragment('#id_token=abc.def&user_id=u1')).toEqual({ idToken: 'abc.def', userId: 'u1' });
  expect(identityFromFragment('#id_token=abc')).toBeUndefined();
  expect(identityFromFragment('')).toBeUndefined();
});
