import type { RouteDef } from './define';

/**
 * What the SPA's HTTP client needs of a route: no schemas (they stay on the server and in tests). `public`
 * marks a route anyone may call: its answer is the same whoever asks, since the server reads no token for it.
 */
export type ClientRoute = Pick<RouteDef, 'id' | 'method' | 'path' | 'bodyEncoding' | 'silent'> & {
  public?: true;
};

/**
 * The route table the SPA ships: the declarations without their zod schemas. Importing the full catalogue
 * into the browser would carry every schema (and what they import) to every page.
 */
export function clientRouteTable(routes: readonly RouteDef[]): Record<string, ClientRoute> {
  return Object.fromEntries(
    routes.map(({ id, method, path, bodyEncoding, silent, access }) => [
      id,
      {
        id,
        method,
        path,
        ...(bodyEncoding ? { bodyEncoding } : {}),
        ...(silent ? { silent } : {}),
        ...(access.kind === 'public' ? { public: true } : {}),
      },
    ]),
  );
}
