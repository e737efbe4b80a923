import { expect, it } from 'vitest';
import { documentTitle, sitePathOf } from './meta-tags';

it('names the page then the tenant, either alone when the other is missing, the default without both', () => {
  expect(documentTitle({ title: 'Mathematics · Cambridge IGCSE' }, 'Demo Academy', 'Learning portal')).toBe(
    'Mathematics · Cambridge IGCSE | Demo Academy',
  );
  expect(documentTitle(undefined, 'Demo Academy', 'Learning portal')).toBe('Demo Academy');
  expect(documentTitle({ title: '' }, 'Demo Academy', 'Learning portal')).toBe('Demo Academy');
  expect(documentTitle({ title: 'Log in' }, undefined, 'Learning portal')).toBe('Log in');
  expect(documentTitle(undefined, undefined, 'Learning portal')).toBe('Learning portal');
});

it('looks meta tags up by the site path without a trailing slash', () => {
  expect(sitePathOf('/')).toBe('/learning-portal');
  expect(sitePathOf('/cambridge-igcse/mathematics/')).toBe('/learning-portal/cambridge-igcse/mathematics');
});
