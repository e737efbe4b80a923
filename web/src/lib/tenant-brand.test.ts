import { expect, it } from 'vitest';
import { brandOf, paletteOf } from './tenant-brand';

it('keeps the brand’s fields of a tenant answer and nothing else', () => {
  expect(
    brandOf({
      _id: 'northwind',
      name: 'Northwind Tutors',
      primaryColor: 'blue',
      logoUrl: 'https://cdn.northwind.example/logo.svg',
      permissions: {},
    }),
  ).toEqual({
    name: 'Northwind Tutors',
    primaryColor: 'blue',
    logoUrl: 'https://cdn.northwind.example/logo.svg',
  });
});

it('leaves out what storage holds that is not a brand: a colour outside the palettes, a logo that is no web address', () => {
  expect(brandOf({ name: 'Demo Academy', primaryColor: 'red', logoUrl: 'javascript:alert(1)' })).toEqual({
    name: 'Demo Academy',
  });
  for (const value of [null, 'Demo Academy', {}, { name: 7 }]) expect(brandOf(value)).toBeUndefined();
});

it('shows a known brand in its colour or the platform’s teal, an unknown one in none', () => {
  expect(paletteOf({ name: 'Northwind Tutors', primaryColor: 'blue' })).toBe('blue');
  expect(paletteOf({ name: 'Demo Academy' })).toBe('teal');
  expect(paletteOf(undefined)).toBeUndefined();
});
