import { ChakraProvider } from '@chakra-ui/react';
import { ThemeProvider } from 'next-themes';
import { lazy, type ReactNode, Suspense } from 'react';
import { SWRConfig } from 'swr';
import { storageKeys } from '../config/storage-keys';
import { system } from '../theme/system';

/**
 * The toast list renders after the first paint (its state machine is not needed to show a page); toasts
 * raised before it mounts wait in the toaster store and show when it does.
 */
const Toaster = lazy(() => import('../components/toaster').then((m) => ({ default: m.Toaster })));

/** Chakra (teal, light by default, dark persisted), SWR defaults and the toaster. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ThemeProvider
        attribute="class"
        defaultTheme="light"
        enableSystem={false}
        storageKey={storageKeys.themeMode}
        disableTransitionOnChange
      >
        <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
          {children}
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </SWRConfig>
      </ThemeProvider>
    </ChakraProvider>
  );
}
