import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  subjectsRepository,
  subTopicsRepository,
  topicsRepository,
} from '../../../functions/repositories/catalogue';
import { sitemapsRepository } from '../../../functions/repositories/sitemaps';
import { listTenantKeys } from '../../../functions/repositories/tenants';
import { runGeneration } from '../../../functions/sitemap/service';
import { localSiteEdge } from '../../../infra/local/site-edge';
import { startWeb } from '../../../infra/local/web';
import { SITEMAP_STALE_AFTER_MS, STALE_GENERATION_ERROR } from '../../../shared/rules/sitemap-generation';
import { demo, northwind } from '../../support/api-client';
import { readSitemapXml } from '../../support/sitemap-xml';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
let admin: { token: string; userId: string };
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  web = await startWeb(0, () => ({ apiUrl: local.stack.apiUrl, wsUrl: local.stack.wsUrl, stage: 'local' }), {
    site: localSiteEdge(),
  });
}, 60_000);
afterAll(async () => {
  await web?.close();
});

type Generation = Record<string, any>;
type Page = { limit: number; offset: number; totalDocs: number; docs: Generation[] };

/**
 * The urls of a sitemap.xml as a search engine reads them: parsed by libxml2 and valid under sitemaps.org's
 * sitemap.xsd (namespace, element order, loc a URI of 12 to 2,048 characters, lastmod a W3C date), with
 * nothing but <loc> and <lastmod> in a <url>.
 */
async function parseUrlset(xml: string): Promise<Array<{ loc: string; lastmod?: string }>> {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const urls = await readSitemapXml(xml, 'urlset');
  for (const { loc } of urls) expect(new URL(loc).protocol).toMatch(/^https?:$/);
  return urls;
}

async function generate(token = admin.token, tenant?: string) {
  const started = await local.api.call<Generation>('sitemap.create', { token, tenant });
  await local.stack.events.settled();
  return started;
}

describe('sitemap generation', () => {
  it('starts on POST (202, RUNNING), runs on the bus and is listed COMPLETED', async () => {
    // Act
    const started = await local.api.call<Generation>('sitemap.create', { token: admin.token });
    // Assess
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'RUNNING', trigger: 'admin', requestedBy: 'demo-admin' });
    await local.stack.events.settled();
    const list = await local.api.call<Page>('sitemap.list', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.totalDocs).toBeGreaterThanOrEqual(1);
    const done = list.body.docs.find((g) => g._id === started.body._id);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      files: ['sitemap.xml'],
      url: 'http://localhost:5173/sitemap.xml',
    });
    expect(done!.urlCount).toBeGreaterThan(5);
    expect(Date.parse(done!.finishedAt)).toBeGreaterThanOrEqual(Date.parse(done!.startedAt));
  });

  it('writes a valid sitemap.xml listing the seeded public pages', async () => {
    const started = await generate();
    const xml = await readFile(join(local.stack.dataDir, 'sitemaps', 'localhost', 'sitemap.xml'), 'utf8');
    const urls = await parseUrlset(xml);
    const locs = new Set(urls.map((u) => u.loc));
    expect(urls).toHaveLength(locs.size); // each URL once

    const origin = 'http://localhost:5173/learning-portal';
    expect(locs.has(`${origin}/`)).toBe(true);
    for (const curriculum of ['cambridge-igcse', 'edexcel-igcse', 'ib-diploma']) {
      expect(locs.has(`${origin}/${curriculum}`)).toBe(true);
    }
    // Every seeded subject, topic and sub-topic page is there, at its catalogue path.
    const [subjects, topics, subTopics] = await Promise.all([
      subjectsRepository.all('demo'),
      topicsRepository.listings('demo'),
      subTopicsRepository.allLinks('demo'),
    ]);
    expect(subjects.length).toBeGreaterThan(0);
    const subjectPath = new Map(subjects.map((s) => [s._id, `${origin}/${s.curriculumSlug}/${s.slug}`]));
    const topicPath = new Map(topics.map((t) => [t._id, `${subjectPath.get(t.subjectId)}/${t.slug}`]));
    for (const path of subjectPath.values()) expect(locs.has(path), path).toBe(true);
    for (const path of topicPath.values()) expect(locs.has(path), path).toBe(true);
    for (const subTopic of subTopics) {
      const path = `${topicPath.get(subTopic.topicId)}/${subTopic.slug}`;
      expect(locs.has(path), path).toBe(true);
    }
    // The topical past papers page, and each subject's, at the URL its subject page links to.
    expect(locs.has(`${origin}/topical-past-papers`)).toBe(true);
    const pastPaperLocs = [...locs].filter((loc) => loc.startsWith(`${origin}/topical-past-papers?`));
    expect(pastPaperLocs.sort()).toEqual(
      subjects
        .map((s) => `${origin}/topical-past-papers?curriculum=${s.curriculumSlug}&subject=${s.slug}`)
        .sort(),
    );
    // Each has past papers to show: the page's own call answers them for that subject.
    const maths = subjects.find((s) => s.curriculumSlug === 'cambridge-igcse' && s.slug === 'mathematics')!;
    const papers = await local.api.call<{ docs: unknown[] }>('topics.pastPapers', {
      query: { subjectCode: maths.subjectCode, subjectLevel: maths.subjectLevel },
    });
    expect(papers.body.docs.length).toBeGreaterThan(0);

    const list = await local.api.call<Page>('sitemap.list', { token: admin.token, query: { limit: 1 } });
    expect(list.body.docs[0]).toMatchObject({ _id: started.body._id, urlCount: urls.length });
  });

  it('is served at /sitemap.xml by the local web server, per tenant domain', async () => {
    await generate();
    const port = new URL(web.url).port;
    const response = await fetch(`http://localhost:${port}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect((await parseUrlset(await response.text())).length).toBeGreaterThan(5);
    // Parts that do not exist, and names that are not sitemap files, are not served.
    expect((await fetch(`http://localhost:${port}/sitemap-9.xml`)).status).toBe(404);
    // northwind (127.0.0.1) has its own, written once it asks for one.
    const northwindAdmin = await local.api.signIn(
      northwind.admin.email,
      northwind.admin.password,
      'northwind',
    );
    await generate(northwindAdmin.token, 'northwind');
    const other = await fetch(`http://127.0.0.1:${port}/sitemap.xml`);
    expect(other.status).toBe(200);
    const northwindLocs = (await parseUrlset(await other.text())).map((u) => u.loc);
    expect(northwindLocs.every((loc) => loc.startsWith('http://127.0.0.1:5173/'))).toBe(true);
  });

  it('the daily schedule fans out one SitemapRequested per tenant, each run on its own', async () => {
    // Prepare
    const tenants = await listTenantKeys();
    expect(tenants).toEqual(expect.arrayContaining(['demo', 'northwind']));
    const before = await local.api.call<Page>('sitemap.list', { token: admin.token });
    const deliveredBefore = local.stack.bus.deliveries.length;
    // Act
    local.stack.bus.triggerSchedule('sitemap-daily');
    await local.stack.events.settled();
    // Assess: the schedule's own invocation only queued; each tenant's generation was its own delivery.
    const delivered = local.stack.bus.deliveries.slice(deliveredBefore);
    expect(delivered.filter((d) => d.rule === 'sitemap-daily')).toEqual([
      expect.objectContaining({ rule: 'sitemap-daily', detailType: 'Scheduled Event', ok: true }),
    ]);
    const perTenant = delivered.filter((d) => d.rule === 'sitemap-requested');
    expect(perTenant).toHaveLength(tenants.length);
    expect(perTenant.every((d) => d.ok && d.detailType === 'SitemapRequested')).toBe(true);

    const after = await local.api.call<Page>('sitemap.list', { token: admin.token, query: { limit: 1 } });
    expect(after.body.totalDocs).toBe(before.body.totalDocs + 1);
    expect(after.body.docs[0]).toMatchObject({ trigger: 'schedule', status: 'COMPLETED' });
    expect(after.body.docs[0]).not.toHaveProperty('requestedBy');
    const northwindAdmin = await local.api.signIn(
      northwind.admin.email,
      northwind.admin.password,
      'northwind',
    );
    const theirs = await local.api.call<Page>('sitemap.list', {
      token: northwindAdmin.token,
      tenant: 'northwind',
      query: { limit: 1 },
    });
    expect(theirs.body.docs[0]).toMatchObject({ trigger: 'schedule', status: 'COMPLETED' });
  });

  it('shows a generation left RUNNING past the stale threshold as FAILED, and records it so', async () => {
    // Prepare: one whose invocation died 31 minutes ago, and one that started a minute ago.
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    const stuck = await sitemapsRepository.create('demo', {
      status: 'RUNNING',
      trigger: 'schedule',
      startedAt: minutesAgo(SITEMAP_STALE_AFTER_MS / 60_000 + 1),
    });
    const working = await sitemapsRepository.create('demo', {
      status: 'RUNNING',
      trigger: 'admin',
      requestedBy: 'demo-admin',
      startedAt: minutesAgo(1),
    });
    // Act
    const list = await local.api.call<Page>('sitemap.list', { token: admin.token, query: { limit: 5 } });
    // Assess
    expect(list.status).toBe(200);
    const shown = new Map(list.body.docs.map((g) => [g._id, g]));
    expect(shown.get(stuck._id)).toMatchObject({ status: 'FAILED', error: STALE_GENERATION_ERROR });
    expect(shown.get(stuck._id)!.finishedAt).toBeDefined();
    expect(shown.get(working._id)).toMatchObject({ status: 'RUNNING' });
    expect(await sitemapsRepository.get('demo', stuck._id)).toMatchObject({ status: 'FAILED' });
    expect(await sitemapsRepository.get('demo', working._id)).toMatchObject({ status: 'RUNNING' });
  });

  it('does not start a generation delivered after it went stale, and leaves a finished one alone', async () => {
    const stuck = await sitemapsRepository.create('demo', {
      status: 'RUNNING',
      trigger: 'admin',
      startedAt: new Date(Date.now() - 2 * SITEMAP_STALE_AFTER_MS).toISOString(),
    });
    await runGeneration('demo', stuck._id);
    const settled = await sitemapsRepository.get('demo', stuck._id);
    expect(settled).toMatchObject({ status: 'FAILED', error: STALE_GENERATION_ERROR });
    expect(settled!.urlCount).toBeUndefined();
    // Redelivered once more: it stays as it is.
    await runGeneration('demo', stuck._id);
    expect(await sitemapsRepository.get('demo', stuck._id)).toEqual(settled);
  });

  it('pages the list with the paging contract', async () => {
    const { body } = await local.api.call<Page>('sitemap.list', {
      token: admin.token,
      query: { limit: 2, offset: 1 },
    });
    expect(body).toMatchObject({ limit: 2, offset: 1 });
    expect(body.docs.length).toBeLessThanOrEqual(2);
    const bad = await local.api.call('sitemap.list', { token: admin.token, query: { limit: 1000 } });
    expect(bad.status).toBe(400);
  });

  it('is for admins with the sitemap permission only', async () => {
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    expect((await local.api.call('sitemap.create', { token: student.token })).status).toBe(403);
    expect((await local.api.call('sitemap.list', { token: student.token })).status).toBe(403);
    expect((await local.api.call('sitemap.create', {})).status).toBe(401);
  });
});
