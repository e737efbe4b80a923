import { expect, it } from 'vitest';
import { canonicalUrl } from './canonical-url';

it('is the page address under the base path without a trailing slash', () => {
  expect(canonicalUrl('https://learn.example.test', '/')).toBe('https://learn.example.test/learning-portal');
  expect(canonicalUrl('https://learn.example.test', '/login//')).toBe(
    'https://learn.example.test/learning-portal/login',
  );
  expect(canonicalUrl('http://localhost:5173', '/admin/roles')).toBe(
    'http://localhost:5173/learning-portal/admin/roles',
  );
});
