import { mutate } from 'swr';

/**
 * Reads again every cached read whose key is one of these names (`[routeId, options]`, see ApiKey in
 * lib/api-client.ts), whatever its options; resolves once the mounted ones have their fresh data. Only the
 * data hook module that owns a key calls this for it.
 */
export function revalidateReads(names: readonly string[]): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && names.includes(key[0]));
}
