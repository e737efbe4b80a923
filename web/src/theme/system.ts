import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { brandSemanticTokens, brandTokens } from './brand';
import { recipes, slotRecipes } from './recipes';

/**
 * Chakra's default theme (tokens, semantic tokens, text and layer styles) with only the component recipes
 * this app uses, instead of `defaultConfig`'s ~80: every recipe ships with the first page, so the full set
 * costs about 40 KB (gzipped) of JavaScript before the home page can render. The primary colour is the
 * tenant's, the `brand` palette (theme/brand.ts; teal when a tenant has none, spec 000 section 9).
 */
const createAppSystem = () =>
  createSystem(
    defaultBaseConfig,
    defineConfig({
      preflight: true,
      cssVarsPrefix,
      cssVarsRoot,
      globalCss,
      theme: {
        breakpoints,
        keyframes,
        tokens,
        semanticTokens,
        recipes,
        slotRecipes,
        textStyles,
        layerStyles,
        animationStyles,
      },
    }),
    defineConfig({
      globalCss: { html: { colorPalette: 'brand' } },
      theme: {
        tokens: { colors: { brand: brandTokens }, sizes: { header: { value: '64px' } } },
        semanticTokens: { colors: { brand: brandSemanticTokens } },
      },
    }),
  );

let system: SystemContext | undefined;

/**
 * The system is built on first use, not when this module loads: building it (token dictionary, CSS
 * variables, global styles) is about 100 ms of CPU on a slow machine, which the app spends after it has
 * requested the first page's code and data rather than before (see app/start.tsx).
 */
export function appSystem(): SystemContext {
  system ??= createAppSystem();
  return system;
}
