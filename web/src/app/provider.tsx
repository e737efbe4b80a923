import { ChakraProvider } from '@chakra-ui/react';
import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Toaster } from '../components/toaster';
import { storageKeys } from '../config/storage-keys';
import { system } from '../theme/system';

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
          <Toaster />
        </SWRConfig>
      </ThemeProvider>
    </ChakraProvider>
  );
}
