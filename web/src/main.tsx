import { loadRuntimeConfig } from './config/runtime-config';
import { applyStoredBrand } from './lib/tenant-brand';
import { applyStoredThemeMode } from './theme/stored-mode';

// Before anything renders, so a dark-mode visitor never sees the page light, and a returning one never sees
// it in another colour than their tenant's.
applyStoredThemeMode();
applyStoredBrand();

/**
 * A small entry point, so that config.json (which every API call waits for) is requested at once, while the
 * app's JavaScript is still downloading, rather than after all of it has loaded and run. The app itself is
 * one import away: its code is requested as soon as this runs.
 */
const config = loadRuntimeConfig();
// startApp reports a failed config; this only keeps it from being an unhandled rejection meanwhile.
config.catch(() => undefined);

import('./app/start').then(
  ({ startApp }) => startApp(config),
  (error: Error) => {
    const message = document.createElement('p');
    message.style.cssText = 'font-family: system-ui; padding: 24px';
    message.textContent = `The portal could not start: ${error.message}. Please reload the page.`;
    document.getElementById('root')!.replaceChildren(message);
  },
);
