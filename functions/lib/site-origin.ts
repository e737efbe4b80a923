import { config } from './config';

/**
 * Every tenant is served by the same site under its own domain: its origin is the platform's origin with
 * the tenant's domain as host, so https in the cloud (CloudFront's scheme and default port), and locally
 * the local site's scheme and port (`localhost` is http://localhost:5173, `127.0.0.1` http://127.0.0.1:5173).
 */
export function siteOrigin(domain: string): string {
  const origin = new URL(config().WEB_ORIGIN);
  origin.hostname = domain;
  return origin.origin;
}
