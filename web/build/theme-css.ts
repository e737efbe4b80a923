import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import type { Plugin } from 'vite';
import { appSystem } from '../src/theme/system';

/** Where Chakra's `createSystem` builds its global styles, as the dependency ships it. */
const CHAKRA_SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const GLOBAL_STYLES = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const ASSET_NAME = 'theme.css';

/**
 * The app theme's global CSS as `ChakraProvider` would insert it: the cascade layers' order, Chakra's reset,
 * the global styles and every design token as a CSS variable (light and dark). Emotion compiles it here
 * the way it does in the browser.
 */
export function themeCss(): string {
  const system = appSystem();
  const cache = createCache({ key: 'css' });
  return [system.layers.atRule, ...system._global]
    .map((styles) => {
      const serialized = serializeStyles([styles], cache.registered, {});
      // Outside a browser, emotion's cache returns the compiled rules instead of inserting them.
      return cache.insert('', serialized, cache.sheet, true) as unknown as string;
    })
    .join('\n');
}

/**
 * Chakra builds the theme's global CSS (about 48 KB, most of it the token variables) in the browser when the
 * app starts, and inserts it through emotion: on a slow machine about 100 ms of CPU before the first page
 * can render. The production build computes it here once, from the same theme, links it from index.html
 * as a stylesheet (downloaded in parallel with the JavaScript), and builds Chakra's `createSystem` without
 * it; `ChakraProvider` then has no global styles left to insert.
 *
 * The dev server keeps Chakra's own way: it pre-bundles dependencies, out of reach of this transform.
 */
export function themeCssPlugin(): Plugin {
  let base = '/';
  return {
    name: 'theme-css',
    apply: 'build',
    configResolved: (config) => {
      base = config.base;
    },
    buildStart() {
      this.emitFile({ type: 'asset', name: ASSET_NAME, source: themeCss() });
    },
    transform(code, id) {
      if (!CHAKRA_SYSTEM_MODULE.test(id)) return undefined;
      // A Chakra upgrade that builds its global styles differently must fail the build, not ship them twice.
      if (!code.includes(GLOBAL_STYLES))
        this.error(`theme-css: ${id} no longer has \`${GLOBAL_STYLES}\`; update web/build/theme-css.ts`);
      return { code: code.replace(GLOBAL_STYLES, 'const _global = [];'), map: null };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const asset = Object.values(bundle ?? {}).find(
          (output) => output.type === 'asset' && output.names.includes(ASSET_NAME),
        );
        if (!asset) throw new Error(`theme-css: ${ASSET_NAME} was not emitted`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'stylesheet', href: `${base}${asset.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
