import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Chakra's defaults with teal as the primary colour (spec 000 section 9). */
export const system = createSystem(
  defaultConfig,
  defineConfig({
    globalCss: { html: { colorPalette: 'teal' } },
    theme: { tokens: { sizes: { header: { value: '64px' } } } },
  }),
);
