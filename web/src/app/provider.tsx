import { ChakraProvider } from '@chakra-ui/react';
import { ThemeProvider } from 'next-themes';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { SWRConfig } from 'swr';
import { storageKeys } from '../config/storage-keys';
import { toaster } from '../lib/toaster';
import { appSystem } from '../theme/system';

const loadToaster = () => import('../components/toaster').then((m) => m.Toaster);

/**
 * The toast list (its state machines, portal and dismiss layers: about 17 KB gzipped) loads when the first
 * toast is raised, not with the page: most visits never show one. A toast raised before it mounts waits in
 * the toaster store and shows when it does. If its code cannot load (offline), the next toast tries again.
 */
function DeferredToaster() {
  const [Toaster, setToaster] = useState<ComponentType>();
  useEffect(() => {
    if (Toaster) return;
    let active = true;
    let loading = false;
    const load = () => {
      if (loading) return;
      loading = true;
      loadToaster().then(
        (loaded) => active && setToaster(() => loaded),
        (error: unknown) => {
          console.error('The toast list failed to load', error);
          loading = false;
        },
      );
    };
    if (toaster.getCount() > 0) load();
    const unsubscribe = toaster.subscribe(load);
    return () => {
      active = false;
      unsubscribe();
    };
  }, [Toaster]);
  return Toaster ? <Toaster /> : null;
}

/** Chakra (the tenant's colours, light by default, dark persisted), SWR defaults and the toaster. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={appSystem()}>
      <ThemeProvider
        attribute="class"
        defaultTheme="light"
        enableSystem={false}
        storageKey={storageKeys.themeMode}
        disableTransitionOnChange
        // next-themes renders a script to set the mode before paint, which never runs in a client-rendered app
        // (main.tsx does that job) and which React warns about. As a data block it is inert.
        scriptProps={{ type: 'application/json' }}
      >
        <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
          {children}
          <DeferredToaster />
        </SWRConfig>
      </ThemeProvider>
    </ChakraProvider>
  );
}
