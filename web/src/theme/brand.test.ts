import { semanticTokens, tokens } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { type BrandPalette, brandPalettes } from '../../../shared/rules/brand-palettes';
import { brandColorTargets, brandSemanticTokens, brandSolidShade, brandTokens } from './brand';

/** WCAG 2.1 relative luminance of an sRGB colour written #rrggbb. */
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2.1 contrast ratio, from 1 (none) to 21 (black on white). */
function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (lighter! + 0.05) / (darker! + 0.05);
}

type Mode = '_light' | '_dark';
const modes: Mode[] = ['_light', '_dark'];

/** The node at a dotted path of a token tree, if there is one. */
function at(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => {
    return typeof node === 'object' && node !== null && key in node ? Reflect.get(node, key) : undefined;
  }, tree);
}

/** A token's value in a mode: a plain value, or Chakra's `{ _light, _dark }` pair. */
function valueIn(token: unknown, mode: Mode): string {
  const value = at(token, 'value');
  const chosen = typeof value === 'object' ? at(value, mode) : value;
  if (typeof chosen !== 'string') throw new Error(`No ${mode} value in ${JSON.stringify(token)}`);
  return chosen;
}

/** The theme's colour tokens: Chakra's, and the brand palette as theme/system.ts adds it. */
const semanticColors = { ...semanticTokens.colors, brand: brandSemanticTokens };
const colorTokens = { ...tokens.colors, brand: brandTokens };

/**
 * The #rrggbb colour a colour token shows in a mode when the brand is `palette` (none: the neutral look),
 * following references as Chakra's CSS variables do, with the brand's variables pointed at the palette's as
 * `applyBrandColors` points them.
 */
function colorOf(path: string, mode: Mode, palette: BrandPalette | undefined): string {
  const pointed = palette && brandColorTargets(palette)[path];
  if (pointed) return colorOf(pointed, mode, palette);
  const found = at(semanticColors, path) ?? at(colorTokens, path);
  // A group such as `bg` is its DEFAULT token.
  const token = at(found, 'value') === undefined ? at(found, 'DEFAULT') : found;
  const value = valueIn(token, mode);
  const reference = /^\{colors\.(.+)\}$/.exec(value);
  return reference ? colorOf(reference[1]!, mode, palette) : value.toLowerCase();
}

/** What each pair is, the minimum WCAG 2.1 asks of it, and the two colours. */
const pairs = [
  { what: 'button text on the solid colour', minimum: 4.5, colors: ['brand.contrast', 'brand.solid'] },
  { what: 'brand text and links on the page', minimum: 4.5, colors: ['brand.fg', 'bg'] },
  { what: 'brand text on the subtle colour (badges)', minimum: 4.5, colors: ['brand.fg', 'brand.subtle'] },
  { what: 'the focus ring on the page', minimum: 3, colors: ['brand.focusRing', 'bg'] },
  { what: 'the home banner’s white text, light end', minimum: 4.5, colors: ['white', 'brand.solid'] },
  { what: 'the home banner’s white text, dark end', minimum: 4.5, colors: ['white', 'brand.800'] },
  { what: 'the banner’s white buttons', minimum: 4.5, colors: ['brand.700', 'white'] },
] as const;

describe.each([...brandPalettes, undefined])(
  'the brand palette %s (undefined: the neutral look)',
  (palette) => {
    it.each(modes.flatMap((mode) => pairs.map((pair) => ({ mode, ...pair }))))(
      '$what ($mode) reads at $minimum:1 or more',
      ({ mode, minimum, colors: [foreground, background] }) => {
        const ratio = contrastRatio(colorOf(foreground, mode, palette), colorOf(background, mode, palette));
        expect(ratio).toBeGreaterThanOrEqual(minimum);
      },
    );
  },
);

describe('the brand palettes', () => {
  it('take Chakra’s 600 for solid surfaces where white on it reads at 4.5:1, else 700', () => {
    for (const palette of brandPalettes) {
      const white600 = contrastRatio('#ffffff', colorOf(`${palette}.600`, '_light', palette));
      expect([palette, brandSolidShade[palette]]).toEqual([palette, white600 >= 4.5 ? 600 : 700]);
    }
  });

  it('point every brand shade and the solid colour at the palette’s', () => {
    expect(brandColorTargets('blue')).toMatchObject({
      'brand.50': 'blue.50',
      'brand.950': 'blue.950',
      'brand.solid': 'blue.600',
    });
    expect(colorOf('brand.fg', '_light', 'teal')).toBe(colorOf('teal.700', '_light', 'teal'));
    expect(colorOf('brand.fg', '_dark', 'teal')).toBe(colorOf('teal.300', '_dark', 'teal'));
  });

  it('measure contrast as WCAG 2.1 does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });
});
