import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack } from '../../../infra/local/stack';
import { apiClient, demo } from '../../support/api-client';
import { readSitemapXml } from '../../support/sitemap-xml';
import { fileDatabase } from '../../support/stack';

type Stack = Awaited<ReturnType<typeof startLocalStack>>;
let stack: Stack;

beforeAll(async () => {
  // An empty table seeded by the stack itself, and its web server, as a first `npm start` has them.
  const { database } = await fileDatabase();
  stack = await startLocalStack({
    apiPort: 0,
    inMemory: true,
    web: true,
    schedules: false,
    seed: true,
    database,
  });
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

const get = (host: string, path: string) => {
  const port = new URL(stack.webUrl ?? '').port;
  return fetch(`http://${host}:${port}${path}`);
};

describe('a fresh local stack', () => {
  it('serves each seeded tenant a sitemap.xml, the one robots.txt names, without an admin', async () => {
    // Act: the seed's requests delivered
    await stack.events.settled();

    // Assess: robots.txt names the sitemap, and it answers with the tenant's pages
    for (const host of ['localhost', '127.0.0.1']) {
      const robots = await (await get(host, '/robots.txt')).text();
      const named = robots.match(/^Sitemap: (\S+)$/m)?.[1];
      expect(new URL(named ?? '').pathname).toBe('/sitemap.xml');
      const sitemap = await get(host, '/sitemap.xml');
      expect(sitemap.status, host).toBe(200);
      expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const locs = (await readSitemapXml(await sitemap.text(), 'urlset')).map((url) => new URL(url.loc));
      expect(locs.every((loc) => loc.hostname === host)).toBe(true);
      expect(locs.map((loc) => loc.pathname)).toContain('/learning-portal/cambridge-igcse/mathematics');
    }

    // The back-office lists the generation the seed started
    const api = apiClient(stack.apiUrl);
    const admin = await api.signIn(demo.admin.email, demo.admin.password);
    const list = await api.call<{ docs: Array<Record<string, unknown>> }>('sitemap.list', { ...admin });
    expect(list.body.docs).toEqual([
      expect.objectContaining({ trigger: 'tenantCreated', status: 'COMPLETED' }),
    ]);
  });
});
