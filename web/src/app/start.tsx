import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { RuntimeConfig } from '../config/runtime-config';
import { appSystem } from '../theme/system';
import { AppRouter, preloadRoute } from './app-router';
import { AppProvider } from './provider';
import { router } from './router';

/** How long the first render waits for the page's code before it shows the layout and the page's spinner. */
const PAGE_CODE_WAIT_MS = 1000;

/**
 * Renders the app once the runtime config is in and the first page's code has loaded (or a second has
 * passed), so the first paint is the page itself rather than a spinner. The page's code is requested at
 * once; its data as soon as the config names the API, in parallel with the page's code and the first render
 * (no code → render → fetch waterfall).
 */
export async function startApp(config: Promise<RuntimeConfig>): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  const route = preloadRoute(router, window.location.pathname);
  try {
    await config;
  } catch (error) {
    root.render(
      <p style={{ fontFamily: 'system-ui', padding: 24 }}>
        The portal could not start: {(error as Error).message}. Please reload the page.
      </p>,
    );
    return;
  }
  route.preloadData();
  // CPU work the first render needs, done while the page's code and data are on their way.
  appSystem();
  await Promise.race([route.code, new Promise((resolve) => setTimeout(resolve, PAGE_CODE_WAIT_MS))]);
  root.render(
    <StrictMode>
      <AppProvider>
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>,
  );
}
