/**
 * The colour palettes a tenant's brand may take (its `primaryColor`): Chakra UI's palettes of those names,
 * kept to the ones whose buttons, links and focus rings read at WCAG 2.1 contrast in light and dark mode
 * (web/src/theme/brand.test.ts measures every pair). Left out: gray, the neutral look of a site whose brand
 * is not known yet; red, which the app keeps for errors and destructive actions; yellow, whose focus ring
 * is 2.9:1 on white (3:1 is the minimum).
 */
export const brandPalettes = ['blue', 'cyan', 'green', 'orange', 'pink', 'purple', 'teal'] as const;
export type BrandPalette = (typeof brandPalettes)[number];

/** A tenant without a colour of its own: teal (spec 000 section 9). */
export const defaultBrandPalette: BrandPalette = 'teal';

export function isBrandPalette(value: unknown): value is BrandPalette {
  return brandPalettes.some((palette) => palette === value);
}
