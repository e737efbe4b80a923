import { Center, Spinner } from '@chakra-ui/react';

/** A centred spinner filling the viewport, or the viewport minus the 64 px header. */
export function FullScreenSpinner({ belowHeader = false }: { belowHeader?: boolean }) {
  return (
    <Center minH={belowHeader ? 'calc(100vh - 64px)' : '100vh'} role="status" aria-label="Loading">
      <Spinner size="xl" color="brand.solid" borderWidth="4px" />
    </Center>
  );
}
