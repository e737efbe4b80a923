import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router';
import { AppProvider } from './app/provider';
import { loadRuntimeConfig } from './config/runtime-config';

const root = createRoot(document.getElementById('root')!);

loadRuntimeConfig()
  .then(async () => {
    const { router } = await import('./app/router');
    root.render(
      <StrictMode>
        <AppProvider>
          <AppRouter router={router} />
        </AppProvider>
      </StrictMode>,
    );
  })
  .catch((error: Error) => {
    root.render(
      <p style={{ fontFamily: 'system-ui', padding: 24 }}>
        The portal could not start: {error.message}. Please reload the page.
      </p>,
    );
  });
