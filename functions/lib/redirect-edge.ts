/**
 * The site's edge mirrors the table's redirections, so a redirected path never waits on the API. The table
 * is the source of truth.
 * - cloud: each write of a redirection carries a `RedirectionChanged` event per path it changes (outbox
 *   items, functions/redirections/service.ts); the `redirect-edge` function reads the path's redirection
 *   from the table and writes (or deletes) it in the CloudFront KeyValueStore the distribution's
 *   viewer-request function reads (infra/cloud/edge-routing.js). The bus retries a failed write, and
 *   reading the table rather than trusting the event makes late or repeated deliveries harmless.
 * - local: the local web server reads the by-path items of the table itself; after the write it is told
 *   at once to forget what it cached for the paths (`localRedirectsChanged`; in a Lambda nobody listens).
 */

/** The edge store's key of a site path on a tenant's domain (the edge function builds the same). */
export function edgeKey(domain: string, path: string): string {
  return `${domain.toLowerCase()}${path}`;
}

export interface EdgeRedirect {
  to: string;
  statusCode: 301 | 302;
}

type Listener = (domain: string, path: string) => void;
const listeners = new Set<Listener>();

/** The local web server listens here to drop a cached redirect the moment it changes. */
export function onLocalRedirectChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** After a write of redirections: the local web server forgets what it cached for these paths. */
export function localRedirectsChanged(domain: string, paths: string[]): void {
  for (const path of paths) for (const listener of listeners) listener(domain, path);
}
