import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueChangedWrite, getSitemapState } from '../../../functions/repositories/sitemap-state';
import { generateChangedCatalogues } from '../../../functions/sitemap/catalogue-changes';
import { writeTransaction } from '../../../functions/table/transactions';
import { ConflictError } from '../../../shared/http/errors';
import { CATALOGUE_QUIET_MS, SITEMAP_SCHEDULES } from '../../../shared/rules/sitemap-generation';
import { demo, northwind } from '../../support/api-client';
import { readSitemapXml } from '../../support/sitemap-xml';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let northwindAdmin: Session;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  northwindAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');
});

const IGCSE_MATHS = { subjectCode: '0580', subjectLevel: 'IGCSE' };
/** The check's clock once the catalogue has been quiet for the quiet time (edits made now). */
const quietAgain = () => new Date(Date.now() + CATALOGUE_QUIET_MS + 1_000);

const sessionOf = (tenant: 'demo' | 'northwind') =>
  tenant === 'demo' ? { ...admin } : { ...northwindAdmin, tenant: 'northwind' };

async function generations(tenant: 'demo' | 'northwind'): Promise<Json[]> {
  const list = await local.api.call<Json>('sitemap.list', { ...sessionOf(tenant), query: { limit: 100 } });
  expect(list.status).toBe(200);
  return list.body.docs;
}
const forCatalogue = (docs: Json[]) => docs.filter((g) => g.trigger === 'catalogueChanged');

async function createTopic(tenant: 'demo' | 'northwind', name: string): Promise<Json> {
  const subject = await local.api.call<Json>('curriculums.subjectMap', { tenant, body: IGCSE_MATHS });
  const topic = await local.api.call<Json>('topics.adminCreate', {
    ...sessionOf(tenant),
    body: { subjectId: subject.body._id, name },
  });
  expect(topic.status).toBe(201);
  return topic.body;
}

/** The public paths the tenant's written sitemap lists. */
async function sitemapPaths(domain: string): Promise<string[]> {
  const xml = await readFile(join(local.stack.dataDir, 'sitemaps', domain, 'sitemap.xml'), 'utf8');
  return (await readSitemapXml(xml, 'urlset')).map((url) => new URL(url.loc).pathname);
}

describe('the sitemap follows the catalogue', () => {
  it('a burst of 50 edits gives one generation, once the catalogue has been quiet', async () => {
    // Prepare
    const before = forCatalogue(await generations('demo'));
    const changesBefore = (await getSitemapState('demo'))?.changes ?? 0;

    // Act: 10 topics created at once, then a sub-topic and 39 edits of it, one after another
    const topics = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createTopic('demo', `Burst topic ${i + 1}`)),
    );
    const subTopic = await local.api.call<Json>('subTopics.adminCreate', {
      ...admin,
      body: { topicId: topics[0]!._id, name: 'Burst sub-topic' },
    });
    expect(subTopic.status).toBe(201);
    for (let i = 0; i < 39; i++) {
      const edit = await local.api.call<Json>('subTopics.addFAQ', {
        ...admin,
        params: { id: subTopic.body._id },
        body: { question: `Question ${i}?`, answer: 'Yes.' },
      });
      expect(edit.status).toBe(200);
    }

    // Assess: every edit counted, concurrent ones too
    const state = await getSitemapState('demo');
    expect(state?.changes).toBe(changesBefore + 50);

    // Act / Assess: nothing while the catalogue is still being edited, or not quiet for long enough
    expect(await generateChangedCatalogues(new Date())).toEqual({ demo: 'wait' });
    expect(await generateChangedCatalogues(new Date(Date.now() + CATALOGUE_QUIET_MS / 2))).toEqual({
      demo: 'wait',
    });
    expect(forCatalogue(await generations('demo'))).toHaveLength(before.length);

    // Act: two checks at once after the quiet time
    const quiet = quietAgain();
    const checks = await Promise.all([generateChangedCatalogues(quiet), generateChangedCatalogues(quiet)]);
    await local.stack.events.settled();

    // Assess: one generation, claimed by one of the checks
    expect(checks.flatMap((outcomes) => Object.values(outcomes)).filter((o) => o === 'start')).toHaveLength(
      1,
    );
    const after = forCatalogue(await generations('demo'));
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ status: 'COMPLETED', trigger: 'catalogueChanged' });
    expect(after[0]).not.toHaveProperty('requestedBy');
    expect(await getSitemapState('demo')).toMatchObject({ claimedChanges: changesBefore + 50 });
    const paths = await sitemapPaths('localhost');
    for (const topic of topics) {
      expect(paths).toContain(`/learning-portal/cambridge-igcse/mathematics/${topic.slug}`);
    }
    expect(paths).toContain(
      `/learning-portal/cambridge-igcse/mathematics/${topics[0]!.slug}/${subTopic.body.slug}`,
    );

    // Act / Assess: later checks find nothing to do
    expect(await generateChangedCatalogues(new Date(quiet.getTime() + 60 * 60_000))).toEqual({});
    await local.stack.events.settled();
    expect(forCatalogue(await generations('demo'))).toHaveLength(before.length + 1);
  });

  it('an edit after a generation leads to another', async () => {
    // Prepare: the catalogue's edits so far claimed
    await generateChangedCatalogues(quietAgain());
    await local.stack.events.settled();
    const before = forCatalogue(await generations('demo'));

    // Act
    const topic = await createTopic('demo', 'After the generation');
    expect(await generateChangedCatalogues(quietAgain())).toEqual({ demo: 'start' });
    await local.stack.events.settled();

    // Assess
    const after = forCatalogue(await generations('demo'));
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ status: 'COMPLETED' });
    expect(await sitemapPaths('localhost')).toContain(
      `/learning-portal/cambridge-igcse/mathematics/${topic.slug}`,
    );

    // A deletion is an edit too: the next generation leaves the page out.
    const deleted = await local.api.call('topics.adminDelete', { ...admin, params: { id: topic._id } });
    expect(deleted.status).toBe(200);
    expect(await generateChangedCatalogues(quietAgain())).toEqual({ demo: 'start' });
    await local.stack.events.settled();
    expect(forCatalogue(await generations('demo'))).toHaveLength(before.length + 2);
    expect(await sitemapPaths('localhost')).not.toContain(
      `/learning-portal/cambridge-igcse/mathematics/${topic.slug}`,
    );
  });

  it("starts a tenant's generation for its own edits only", async () => {
    // Prepare: nothing pending anywhere
    await generateChangedCatalogues(quietAgain());
    await local.stack.events.settled();
    const demoBefore = await generations('demo');
    const northwindBefore = await generations('northwind');
    const demoSitemap = await readFile(join(local.stack.dataDir, 'sitemaps', 'localhost', 'sitemap.xml'));

    // Act
    const topic = await createTopic('northwind', 'Northwind only');
    const outcomes = await generateChangedCatalogues(quietAgain());
    await local.stack.events.settled();

    // Assess
    expect(outcomes).toEqual({ northwind: 'start' });
    expect(await generations('demo')).toEqual(demoBefore);
    const northwindAfter = await generations('northwind');
    expect(northwindAfter).toHaveLength(northwindBefore.length + 1);
    expect(northwindAfter[0]).toMatchObject({ status: 'COMPLETED', trigger: 'catalogueChanged' });
    expect(await sitemapPaths('127.0.0.1')).toContain(
      `/learning-portal/cambridge-igcse/mathematics/${topic.slug}`,
    );
    expect(await readFile(join(local.stack.dataDir, 'sitemaps', 'localhost', 'sitemap.xml'))).toEqual(
      demoSitemap,
    );
    // Northwind's edit is not demo's
    expect((await getSitemapState('demo'))?.changes).toBe((await getSitemapState('demo'))?.claimedChanges);
  });

  it('starts nothing for edits a later generation already lists', async () => {
    // Prepare: an edit a minute ago, then an admin's generation
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    await writeTransaction([catalogueChangedWrite('demo', minuteAgo)], () => new ConflictError('refused'));
    const started = await local.api.call<Json>('sitemap.create', { ...admin });
    expect(started.status).toBe(202);
    await local.stack.events.settled();
    const before = await generations('demo');

    // Act
    const outcomes = await generateChangedCatalogues(quietAgain());

    // Assess
    expect(outcomes).toEqual({ demo: 'covered' });
    await local.stack.events.settled();
    expect(await generations('demo')).toEqual(before);
    expect(await generateChangedCatalogues(quietAgain())).toEqual({});
  });

  it('runs the check from its own schedule, apart from the daily run', async () => {
    // Prepare: an edit just now
    await createTopic('demo', 'Scheduled check');
    const before = await generations('demo');
    const deliveredBefore = local.stack.bus.deliveries.length;

    // Act
    local.stack.bus.triggerSchedule(SITEMAP_SCHEDULES.catalogueChanges);
    await local.stack.events.settled();

    // Assess: the tick ran the check (the catalogue is not quiet yet, so it waits), not the daily fan-out
    // (the sitemap rules only: another consumer may still be finishing an earlier event)
    const sitemapDeliveries = local.stack.bus.deliveries
      .slice(deliveredBefore)
      .filter((d) => d.rule.startsWith('sitemap'));
    expect(sitemapDeliveries).toEqual([
      expect.objectContaining({ rule: SITEMAP_SCHEDULES.catalogueChanges, ok: true }),
    ]);
    expect(await generations('demo')).toEqual(before);
    expect(await generateChangedCatalogues(quietAgain())).toEqual({ demo: 'start' });
    await local.stack.events.settled();
  });
});
