import { Box } from '@chakra-ui/react';
import { usePendingRequests } from '../../lib/pending-requests';

/** A thin bar under the header while any (non-excluded) request is pending. */
export function GlobalLoader() {
  const pending = usePendingRequests();
  if (pending === 0) return null;
  return (
    <Box
      role="progressbar"
      aria-label="Loading"
      data-testid="global-loader"
      position="fixed"
      top="64px"
      left="0"
      right="0"
      height="3px"
      zIndex="banner"
      bg="brand.solid"
      css={{ animation: 'pulse 1s ease-in-out infinite' }}
    />
  );
}
