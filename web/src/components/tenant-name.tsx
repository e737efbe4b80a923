import { Box } from '@chakra-ui/react';
import { useTenantBrand } from '../lib/use-tenant';

/**
 * The tenant's name. On a first visit, until the tenant's answer arrives, a placeholder: never another
 * tenant's name or a made-up one. The site's host name if the answer cannot be read.
 */
export function TenantName() {
  const { brand, failed } = useTenantBrand();
  if (brand) return brand.name;
  if (failed) return window.location.hostname;
  // Chakra's Skeleton looks alike, but brings its two siblings (about 0.3 KB) to every first page.
  return (
    <Box
      as="span"
      display="inline-block"
      verticalAlign="middle"
      w="8ch"
      h="1em"
      rounded="sm"
      bg="bg.emphasized"
      animation="pulse"
      data-testid="tenant-name-loading"
    />
  );
}
