import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { config } from '../../functions/lib/config';
import { type EdgeRedirect, edgeKey, onLocalRedirectChange } from '../../functions/lib/redirect-edge';
import { safeDomain } from '../../functions/lib/site-files';
import { ttlCache } from '../../functions/lib/ttl-cache';
import { redirectionsRepository } from '../../functions/repositories/redirections';
import { getTenant, getTenantKeyByDomain } from '../../functions/repositories/tenants';
import { isSitemapFileName } from '../../shared/rules/sitemap';
import { cleanSitePath } from '../../shared/rules/slug';

/**
 * What CloudFront's viewer-request function does in the cloud, for the local web server: redirections
 * (read from the table's by-path items; cached 5 s and dropped at once when the redirections handler
 * changes one) and the tenant's sitemap files. The tenant comes from the Host, as at the edge.
 */
export function localSiteEdge() {
  const tenants = ttlCache<{ key: string; domain: string } | undefined>(60_000);
  const redirects = ttlCache<EdgeRedirect | null>(5_000, 10_000);
  const stopListening = onLocalRedirectChange((domain, path) => redirects.delete(edgeKey(domain, path)));

  const tenantOf = (hostname: string) =>
    tenants.get(hostname, async () => {
      const key = (await getTenantKeyByDomain(hostname)) ?? config().DEFAULT_TENANT_KEY;
      const tenant = await getTenant(key);
      return tenant ? { key: tenant.key, domain: tenant.domain } : undefined;
    });

  return {
    /** The redirect of a request path on a host, if the host's tenant has one. */
    async redirectFor(hostname: string, rawPath: string): Promise<EdgeRedirect | undefined> {
      const tenant = await tenantOf(hostname);
      if (!tenant) return undefined;
      let path: string;
      try {
        path = cleanSitePath(decodeURIComponent(rawPath));
      } catch {
        return undefined; // a malformed escape is no redirected path
      }
      if (path === '/') return undefined;
      const found = await redirects.get(edgeKey(tenant.domain, path), async () => {
        const item = await redirectionsRepository.byPath(tenant.key, path);
        return item?.to ? { to: item.to, statusCode: item.statusCode ?? 301 } : null;
      });
      return found ?? undefined;
    },
    /** A sitemap file of the host's tenant, or undefined (not generated yet, or not a sitemap name). */
    async sitemapFile(hostname: string, name: string): Promise<string | undefined> {
      if (!isSitemapFileName(name)) return undefined;
      const tenant = await tenantOf(hostname);
      if (!tenant) return undefined;
      try {
        return await readFile(join(config().SITEMAP_DIR, safeDomain(tenant.domain), name), 'utf8');
      } catch {
        return undefined;
      }
    },
    close: stopListening,
  };
}
export type LocalSiteEdge = ReturnType<typeof localSiteEdge>;
