import type { RouteDef } from './define';

/** What the SPA's HTTP client needs of a route: no schemas (they stay on the server and in tests). */
export type ClientRoute = Pick<RouteDef, 'id' | 'method' | 'path' | 'bodyEncoding' | 'silent'>;

/**
 * The route table the SPA ships: the declarations without their zod schemas. Importing the full catalogue
 * into the browser would carry every schema (and what they import) to every page.
 */
export function clientRouteTable(routes: readonly RouteDef[]): Record<string, ClientRoute> {
  return Object.fromEntries(
    routes.map(({ id, method, path, bodyEncoding, silent }) => [
      id,
      { id, method, path, ...(bodyEncoding ? { bodyEncoding } : {}), ...(silent ? { silent } : {}) },
    ]),
  );
}
