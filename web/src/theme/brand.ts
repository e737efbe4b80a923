import type { BrandPalette } from '../../../shared/rules/brand-palettes';

/**
 * The tenant's colour as one Chakra palette, `brand`: what the product means by "the tenant's colour" says
 * `colorPalette="brand"` or `brand.fg`, `brand.solid`, ... Its shades are Chakra's palette of the tenant's
 * `primaryColor`, pointed at by CSS variables when the brand is known (`applyBrandColors`); until then they
 * are gray, so a first visit never shows another tenant's colour.
 */
export const brandShades = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;

/**
 * The shade of each palette's solid surfaces (buttons, the home banner), under white text: Chakra's own
 * 600 where white on it reads at 4.5:1, else 700 (Chakra's teal, cyan, green and orange 600 give 3.3 to
 * 3.7:1). brand.test.ts measures them.
 */
export const brandSolidShade = {
  blue: 600,
  cyan: 700,
  green: 700,
  orange: 700,
  pink: 600,
  purple: 600,
  teal: 700,
} as const satisfies Record<BrandPalette, (typeof brandShades)[number]>;

/** The neutral look's solid shade, before the brand is known. */
const NEUTRAL_SOLID = 700;

/** The palette's shades as theme tokens: gray's until `applyBrandColors` points them at the brand's. */
export const brandTokens = Object.fromEntries(
  brandShades.map((shade) => [shade, { value: `{colors.gray.${shade}}` }]),
);

/**
 * The palette's semantic tokens, in the shape of Chakra's own (theme/semantic-tokens/colors.js), with the
 * solid colour and the focus ring one shade darker in light mode where Chakra's fall short of WCAG
 * contrast (see brandSolidShade; a 500 focus ring is 2.3 to 2.8:1 on white for several palettes).
 */
export const brandSemanticTokens = {
  solid: { value: `{colors.brand.${NEUTRAL_SOLID}}` },
  contrast: { value: '{colors.white}' },
  fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
  subtle: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
  muted: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
  emphasized: { value: { _light: '{colors.brand.300}', _dark: '{colors.brand.700}' } },
  focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.500}' } },
  border: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
};

/**
 * Which colour each brand token takes in a palette, by token path (`brand.600` -> `teal.600`): every shade
 * the palette's own, and the solid colour its solid shade. The other semantic tokens follow the shades.
 */
export function brandColorTargets(palette: BrandPalette): Record<string, string> {
  return Object.fromEntries([
    ...brandShades.map((shade) => [`brand.${shade}`, `${palette}.${shade}`]),
    ['brand.solid', `${palette}.${brandSolidShade[palette]}`],
  ]);
}

const pointedTokens = [...brandShades.map((shade) => `brand.${shade}`), 'brand.solid'];

/** Chakra's CSS variable of a colour token (the theme's `cssVarsPrefix` is Chakra's default, `chakra`). */
const colorVar = (path: string) => `--chakra-colors-${path.replace('.', '-')}`;

/**
 * Points the brand's variables at the palette's on <html>, where they override the theme's (an inline style
 * wins over the stylesheet) and every element inherits them; no palette puts back the neutral look. Plain
 * DOM work, so it runs before React renders (main.tsx) and again whenever the tenant's answer changes.
 */
export function applyBrandColors(palette: BrandPalette | undefined): void {
  const style = document.documentElement.style;
  const targets = palette && brandColorTargets(palette);
  for (const token of pointedTokens) {
    const target = targets?.[token];
    if (target) style.setProperty(colorVar(token), `var(${colorVar(target)})`);
    else style.removeProperty(colorVar(token));
  }
}
