import type { Access, RouteDef } from './define';

/**
 * What the SPA's HTTP client needs of a route: no schemas (they stay on the server and in tests). `public`
 * marks a route anyone may call: its answer is the same whoever asks, since the server reads no token for it.
 */
export type ClientRoute = Pick<RouteDef, 'id' | 'method' | 'path' | 'bodyEncoding' | 'silent'> & {
  public?: true;
};

/**
 * A route as the shipped table holds it: under its id, which it does not repeat (the ids said twice cost the
 * first page about 1 kB of gzipped JavaScript); `routeById` (web/src/lib/routes.ts) puts it back.
 */
export type ClientRouteEntry = Omit<ClientRoute, 'id'>;

/**
 * The route table the SPA ships: the declarations without their zod schemas. Importing the full catalogue
 * into the browser would carry every schema (and what they import) to every page.
 */
export function clientRouteTable(routes: readonly RouteDef[]): Record<string, ClientRouteEntry> {
  return Object.fromEntries(
    routes.map(({ id, method, path, bodyEncoding, silent, access }) => [
      id,
      {
        method,
        path,
        ...(bodyEncoding ? { bodyEncoding } : {}),
        ...(silent ? { silent } : {}),
        ...(access.kind === 'public' ? { public: true } : {}),
      },
    ]),
  );
}

/**
 * Each route's `access` by id, for the SPA's `canCall` (web/src/lib/permissions.ts): the screens ask the
 * route table who may call a route instead of restating its rule. A module of its own (`virtual:route-access`),
 * so only the pages that check access load it, not the first page of a visit.
 */
export function routeAccessTable(routes: readonly RouteDef[]): Record<string, Access> {
  return Object.fromEntries(routes.map(({ id, access }) => [id, access]));
}
