import { config } from './config';
import { publish } from './events';

/**
 * The redirect-table port: tells the site's edge that the redirection of a path changed. The table is
 * the source of truth; the edge mirrors it so a redirected path never waits on the API.
 * - cloud: a `RedirectionChanged` event; the `redirect-edge` function reads the path's redirection from
 *   the table and writes (or deletes) it in the CloudFront KeyValueStore the distribution's
 *   viewer-request function reads (infra/cloud/edge-routing.js). The bus retries a failed write, and
 *   reading the table rather than trusting the event makes late or repeated deliveries harmless.
 * - local: the local web server reads the by-path items of the table itself; it is told at once to
 *   forget what it cached for the path.
 */
export interface RedirectEdge {
  changed(tenant: string, domain: string, path: string): Promise<void>;
}

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

const localEdge: RedirectEdge = {
  async changed(_tenant, domain, path) {
    for (const listener of listeners) listener(domain, path);
  },
};

const cloudEdge: RedirectEdge = {
  changed: (tenant, _domain, path) => publish('RedirectionChanged', { tenant, path }),
};

export function redirectEdge(): RedirectEdge {
  return config().REDIRECTS_KVS_ARN ? cloudEdge : localEdge;
}
