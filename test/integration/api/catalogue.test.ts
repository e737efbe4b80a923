import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../../functions/lib/db';
import { subTopicItem, subTopicsRepository } from '../../../functions/repositories/catalogue';
import { demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tutor: Session;
let northwindAdmin: Session;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  northwindAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');
});

const IGCSE_MATHS = { subjectCode: '0580', subjectLevel: 'IGCSE' };

async function topicNamed(name: string): Promise<Json> {
  const topics = await local.api.call<Json>('topics.list', { query: IGCSE_MATHS });
  return topics.body.docs.find((t: Json) => t.name === name);
}

describe('the public catalogue', () => {
  it('lists curricula, the home page with topic counts, grades and subjects without signing in', async () => {
    const list = await local.api.call<Json>('curriculums.list');
    expect(list.status).toBe(200);
    expect(list.body.docs.map((c: Json) => c.name)).toEqual([
      'Cambridge IGCSE',
      'Edexcel IGCSE',
      'IB Diploma',
      'Cambridge Lower Secondary',
      'Edexcel Lower Secondary',
    ]);
    const home = await local.api.call<Json>('curriculums.forHomePage');
    const igcse = home.body.docs[0];
    expect(igcse.subjects[0]).toMatchObject({
      name: 'Mathematics',
      subjectCode: '0580',
      slug: 'mathematics',
      topicCount: 9,
    });
    const grades = await local.api.call<Json>('curriculums.grades', { query: { curriculum: 'ib-diploma' } });
    expect(grades.body.docs).toEqual(['Grade 11', 'Grade 12']);
    const missing = await local.api.call<Json>('curriculums.grades', { query: { curriculum: 'Nowhere' } });
    expect(missing.status).toBe(404);
    const subjects = await local.api.call<Json>('subjects.list', { query: { curriculum: 'Edexcel IGCSE' } });
    expect(subjects.body.docs.map((s: Json) => s.subjectCode)).toEqual([
      '4MA1',
      '4PM1',
      '4PH1',
      '4CH1',
      '4BI1',
      '4EA1',
      '4ET1',
      '4CN1',
    ]);
  });

  it('maps a subject code to its subject, and finds topics by code or by curriculum and subject', async () => {
    const map = await local.api.call<Json>('curriculums.subjectMap', { body: { subjectCode: '0625' } });
    expect(map.body).toMatchObject({ curriculum: 'Cambridge IGCSE', name: 'Physics', subjectLevel: 'IGCSE' });
    const unknown = await local.api.call<Json>('curriculums.subjectMap', { body: { subjectCode: '9999' } });
    expect(unknown.status).toBe(404);
    const topics = await local.api.call<Json>('topics.list', { query: IGCSE_MATHS });
    expect(topics.body.docs.slice(0, 3).map((t: Json) => t.name)).toEqual([
      'Number',
      'Algebra and graphs',
      'Coordinate geometry',
    ]);
    const bySlug = await local.api.call<Json>('topics.bySubjectData', {
      query: { curriculum: 'cambridge-igcse', subject: 'mathematics' },
    });
    expect(bySlug.body.docs).toEqual(topics.body.docs);
    const wholeCurriculum = await local.api.call<Json>('topics.bySubjectData', {
      query: { curriculum: 'IB Diploma' },
    });
    expect(wholeCurriculum.body.docs.length).toBeGreaterThan(20);
    const withSubTopics = await local.api.call<Json>('topics.getTopics', { body: IGCSE_MATHS });
    const algebra = withSubTopics.body.docs.find((t: Json) => t.name === 'Algebra and graphs');
    expect(algebra.subTopics.map((s: Json) => s.name)).toContain('Linear equations');
    expect(algebra.subTopics[0]).not.toHaveProperty('faqs');
  });

  it('gives each topic exactly its own sub-topics, read for the whole subject at once', async () => {
    const withSubTopics = await local.api.call<Json>('topics.getTopics', { body: IGCSE_MATHS });
    expect(withSubTopics.body.docs.length).toBeGreaterThan(3);
    for (const topic of withSubTopics.body.docs) {
      const own = await subTopicsRepository.summariesOf('demo', topic._id);
      const sorted = [...own].sort((a, b) => a.sortingOrder - b.sortingOrder || a.name.localeCompare(b.name));
      expect(topic.subTopics.map((s: Json) => s._id)).toEqual(sorted.map((s) => s._id));
    }
  });

  it('re-keys sub-topics written before their index key named their subject, once', async () => {
    const [first] = await subTopicsRepository.summariesOf(
      'demo',
      (await topicNamed('Algebra and graphs'))._id,
    );
    const record = (await subTopicsRepository.get('demo', first!._id))!;
    // As written before: the index sort key was the id alone, so the subject's read misses it.
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...subTopicItem('demo', record), gsi2sk: record._id },
      }),
    );
    const missing = await subTopicsRepository.summariesOfSubject('demo', record.subjectId);
    expect(missing.map((s) => s._id)).not.toContain(record._id);

    expect(await subTopicsRepository.keyBySubject('demo')).toBe(1);
    const found = await subTopicsRepository.summariesOfSubject('demo', record.subjectId);
    expect(found.map((s) => s._id)).toContain(record._id);
    expect(await subTopicsRepository.keyBySubject('demo')).toBe(0);
  });

  it('resolves public paths level by level, and 404s a path that names nothing', async () => {
    const path = await local.api.call<Json>('curriculums.resolvePath', {
      query: { path: '/cambridge-igcse/mathematics/algebra-and-graphs/linear-equations' },
    });
    expect(path.status).toBe(200);
    expect(path.body.curriculum.name).toBe('Cambridge IGCSE');
    expect(path.body.subject.subjectCode).toBe('0580');
    expect(path.body.topic.name).toBe('Algebra and graphs');
    expect(path.body.subTopic.videoLinks.map((v: Json) => v.title)).toContain(
      'Solving linear equations step by step',
    );
    expect(path.body.subTopic.faqs.length).toBe(2);
    const subjectOnly = await local.api.call<Json>('curriculums.resolvePath', {
      query: { path: '/ib-diploma/physics' },
    });
    expect(subjectOnly.body.topic).toBeUndefined();
    for (const bad of ['/cambridge-igcse/astrology', '/nowhere', '/a/b/c/d/e', '/Cambridge IGCSE']) {
      const answer = await local.api.call<Json>('curriculums.resolvePath', { query: { path: bad } });
      expect(answer.status, bad).toBe(404);
      expect(answer.body.message).toBe('This page does not exist');
    }
  });

  it('offers curricula, subjects, topics and sub-topics to the home search, each with its page path', async () => {
    const options = await local.api.call<Json>('curriculums.searchOptions');
    const docs = options.body.docs as Json[];
    expect(docs).toContainEqual({
      kind: 'curriculum',
      label: 'IB Diploma',
      path: '/ib-diploma',
      context: '2 grades',
    });
    expect(docs).toContainEqual({
      kind: 'topic',
      label: 'Trigonometry',
      path: '/cambridge-igcse/mathematics/trigonometry',
      context: 'Cambridge IGCSE · Mathematics',
    });
    expect(docs).toContainEqual({
      kind: 'subTopic',
      label: 'Quadratic equations',
      path: '/cambridge-igcse/mathematics/algebra-and-graphs/quadratic-equations',
      context: 'Cambridge IGCSE · Mathematics · Algebra and graphs',
    });
    // Every sub-topic's path resolves to its page
    const sample = docs.filter((d) => d.kind === 'subTopic').slice(0, 3);
    for (const option of sample) {
      const page = await local.api.call<Json>('curriculums.resolvePath', { query: { path: option.path } });
      expect(page.body.subTopic.name, option.path).toBe(option.label);
    }
  });

  it('gathers a subject’s past papers and mark schemes topic by topic', async () => {
    const papers = await local.api.call<Json>('topics.pastPapers', { query: IGCSE_MATHS });
    expect(papers.status).toBe(200);
    expect(papers.body.subject.name).toBe('Mathematics');
    const algebra = papers.body.docs.find((d: Json) => d.topic.name === 'Algebra and graphs');
    expect(algebra.papers.map((p: Json) => [p.kind, p.subTopicName])).toEqual([
      ['PAST_PAPER', 'Linear equations'],
      ['PAST_PAPER', 'Linear equations'],
      ['MARK_SCHEME', 'Linear equations'],
    ]);
    expect(
      papers.body.docs.every((d: Json) =>
        d.papers.every((p: Json) => ['PAST_PAPER', 'MARK_SCHEME'].includes(p.kind)),
      ),
    ).toBe(true);
    const unknown = await local.api.call<Json>('topics.pastPapers', { query: { subjectCode: 'nope' } });
    expect(unknown.status).toBe(404);
  });

  it('answers a sub-topic by id with all its content, and 404s an unknown one', async () => {
    const linear = (
      await local.api.call<Json>('curriculums.resolvePath', {
        query: { path: '/cambridge-igcse/mathematics/algebra-and-graphs/linear-equations' },
      })
    ).body.subTopic;
    const byId = await local.api.call<Json>('subTopics.get', { params: { id: linear._id } });
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(linear);
    expect(byId.body).toMatchObject({ name: 'Linear equations', slug: 'linear-equations' });
    expect(byId.body.contents).toHaveLength(3);
    expect(byId.body.videoLinks.map((v: Json) => v.title)).toContain('Solving linear equations step by step');
    expect(byId.body.faqs.length).toBeGreaterThan(0);
    const missing = await local.api.call<Json>('subTopics.get', { params: { id: 'nope' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Sub-topic not found');
  });

  it('groups sub-topics by topic', async () => {
    const number = await topicNamed('Number');
    const trig = await topicNamed('Trigonometry');
    const grouped = await local.api.call<Json>('subTopics.grouped', {
      body: { topicIds: [trig._id, number._id] },
    });
    expect(grouped.body.docs.map((g: Json) => g.topicId)).toEqual([trig._id, number._id]);
    expect(grouped.body.docs[1].subTopics[0].name).toBe('Types of number');
  });
});

describe('editing the catalogue', () => {
  it('adds a topic and sub-topic, edits content item by item, and deletes them in order', async () => {
    const subject = (await local.api.call<Json>('curriculums.subjectMap', { body: IGCSE_MATHS })).body;
    const topic = await local.api.call<Json>('topics.adminCreate', {
      ...admin,
      body: { subjectId: subject._id, name: 'Matrices & Transformations' },
    });
    expect(topic.status).toBe(201);
    expect(topic.body).toMatchObject({
      slug: 'matrices-transformations',
      sortingOrder: 9,
      subjectCode: '0580',
    });
    const twin = await local.api.call<Json>('topics.adminCreate', {
      ...admin,
      body: { subjectId: subject._id, name: 'Matrices (Transformations)' },
    });
    expect(twin.body.slug).toBe('matrices-transformations-2');

    const sub = await local.api.call<Json>('subTopics.adminCreate', {
      ...admin,
      body: { topicId: topic.body._id, name: 'Matrix multiplication', summary: 'Rows times columns.' },
    });
    expect(sub.status).toBe(201);
    const id = sub.body._id as string;
    const put = (action: string, body: Json) =>
      local.api.call<Json>(`subTopics.${action}`, { ...admin, params: { id }, body });

    const v1 = await put('addVideoLink', {
      title: 'Multiplying matrices',
      url: 'https://video.example.org/m1',
    });
    const v2 = await put('addVideoLink', { title: '2x2 examples', url: 'https://video.example.org/m2' });
    expect(v2.body.videoLinks.map((v: Json) => v.sortingOrder)).toEqual([0, 1]);
    const [first, second] = v2.body.videoLinks.map((v: Json) => v._id);
    const sorted = await put('sortVideoLinks', { videoLinkIds: [second, first] });
    expect(sorted.body.videoLinks.map((v: Json) => v.title)).toEqual([
      '2x2 examples',
      'Multiplying matrices',
    ]);
    const edited = await put('editVideoLink', { itemId: first, title: 'Multiplying 2x2 matrices' });
    expect(edited.body.videoLinks[1]).toMatchObject({
      title: 'Multiplying 2x2 matrices',
      url: 'https://video.example.org/m1',
    });
    expect((await put('removeVideoLink', { itemId: second })).body.videoLinks).toHaveLength(1);
    expect(v1.status).toBe(200);

    const faq = await put('addFAQ', { question: 'Is AB = BA?', answer: 'Not in general.' });
    const faqId = faq.body.faqs[0]._id;
    expect((await put('editFAQ', { itemId: faqId, answer: 'Usually not.' })).body.faqs[0].answer).toBe(
      'Usually not.',
    );
    const content = await put('addContent', { title: 'Order matters', body: 'AB and BA differ.' });
    expect(
      (await put('editContent', { itemId: content.body.contents[0]._id, title: 'Order' })).body.contents[0]
        .title,
    ).toBe('Order');
    const review = await put('addReview', { name: 'Lee', rating: 5, comment: 'Clear.' });
    expect(
      (await put('editReview', { itemId: review.body.reviews[0]._id, rating: 4 })).body.reviews[0].rating,
    ).toBe(4);
    const resources = await put('addResources', {
      resources: [{ title: 'Notes', url: 'https://files.example.org/matrices.pdf', kind: 'NOTES' }],
    });
    const resourceId = resources.body.resources[0]._id;
    expect((await put('removeResources', { resourceIds: [resourceId] })).body.resources).toEqual([]);
    expect((await put('removeReview', { itemId: review.body.reviews[0]._id })).body.reviews).toEqual([]);
    expect((await put('removeContent', { itemId: content.body.contents[0]._id })).body.contents).toEqual([]);
    expect((await put('removeFAQ', { itemId: faqId })).body.faqs).toEqual([]);

    // Bad input: a clear 400 or 404, never a 500
    const badUrl = await put('addVideoLink', { title: 'x', url: 'not a url' });
    expect(badUrl.status).toBe(400);
    const badRating = await put('addReview', { name: 'A', rating: 9, comment: 'x' });
    expect(badRating.status).toBe(400);
    expect((await put('removeFAQ', { itemId: 'nope' })).status).toBe(404);
    expect((await put('sortVideoLinks', { videoLinkIds: ['nope'] })).status).toBe(400);

    // The public page sees the sub-topic under its topic
    const page = await local.api.call<Json>('curriculums.resolvePath', {
      query: { path: '/cambridge-igcse/mathematics/matrices-transformations/matrix-multiplication' },
    });
    expect(page.body.subTopic.videoLinks.map((v: Json) => v.title)).toEqual(['Multiplying 2x2 matrices']);

    // Deleting: a topic with sub-topics is refused with the reason, then goes once empty
    const refused = await local.api.call<Json>('topics.adminDelete', {
      ...admin,
      params: { id: topic.body._id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This topic still holds 1 sub-topic; delete or move them first');
    expect((await local.api.call('subTopics.adminDelete', { ...admin, params: { id } })).status).toBe(200);
    expect((await local.api.call('subTopics.get', { params: { id } })).status).toBe(404);
    expect(
      (await local.api.call('topics.adminDelete', { ...admin, params: { id: topic.body._id } })).status,
    ).toBe(200);
    await local.api.call('topics.adminDelete', { ...admin, params: { id: twin.body._id } });
  });

  it('reorders topics by merging sortingOrder by topicId', async () => {
    const before = (await local.api.call<Json>('topics.list', { query: IGCSE_MATHS })).body.docs as Json[];
    const statistics = before.find((t) => t.name === 'Statistics')!;
    const number = before.find((t) => t.name === 'Number')!;
    const sorted = await local.api.call<Json>('topics.updateSorting', {
      ...admin,
      body: {
        sortingOrder: [
          { topicId: statistics._id, sortingOrder: 0 },
          { topicId: number._id, sortingOrder: 8 },
        ],
      },
    });
    expect(sorted.status).toBe(200);
    const after = (await local.api.call<Json>('topics.list', { query: IGCSE_MATHS })).body.docs as Json[];
    expect(after[0]?.name).toBe('Statistics');
    expect(after.at(-1)?.name).toBe('Number');
    expect(after.length).toBe(before.length);
    const repeated = await local.api.call<Json>('topics.updateSorting', {
      ...admin,
      body: {
        sortingOrder: [
          { topicId: number._id, sortingOrder: 1 },
          { topicId: number._id, sortingOrder: 2 },
        ],
      },
    });
    expect(repeated.status).toBe(400);
    const unknown = await local.api.call<Json>('topics.updateSorting', {
      ...admin,
      body: { sortingOrder: [{ topicId: 'nope', sortingOrder: 1 }] },
    });
    expect(unknown.status).toBe(404);
  });

  it('renames and describes a topic; its address stays', async () => {
    // Prepare
    const subject = (await local.api.call<Json>('curriculums.subjectMap', { body: IGCSE_MATHS })).body;
    const topic = (
      await local.api.call<Json>('topics.adminCreate', {
        ...admin,
        body: { subjectId: subject._id, name: 'Vectors' },
      })
    ).body;

    // Act
    const renamed = await local.api.call<Json>('topics.adminUpdate', {
      ...admin,
      params: { id: topic._id },
      body: { name: 'Vectors and transformations', description: 'Column vectors, translations.' },
    });

    // Assess
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      _id: topic._id,
      name: 'Vectors and transformations',
      description: 'Column vectors, translations.',
      slug: 'vectors',
      sortingOrder: topic.sortingOrder,
    });
    expect((await topicNamed('Vectors and transformations'))?._id).toBe(topic._id);
    expect(await topicNamed('Vectors')).toBeUndefined();
    const unknown = await local.api.call<Json>('topics.adminUpdate', {
      ...admin,
      params: { id: 'nope' },
      body: { name: 'x' },
    });
    expect(unknown.status).toBe(404);
    const blank = await local.api.call<Json>('topics.adminUpdate', {
      ...admin,
      params: { id: topic._id },
      body: { name: '  ' },
    });
    expect(blank.status).toBe(400);
    await local.api.call('topics.adminDelete', { ...admin, params: { id: topic._id } });
  });

  it('renames and reorders a sub-topic, and moves it to another topic of its subject only', async () => {
    // Prepare: two topics of IGCSE Mathematics; each has a "Matrix multiplication"
    const subject = (await local.api.call<Json>('curriculums.subjectMap', { body: IGCSE_MATHS })).body;
    const createTopic = async (name: string) =>
      (await local.api.call<Json>('topics.adminCreate', { ...admin, body: { subjectId: subject._id, name } }))
        .body;
    const createSub = async (topicId: string, name: string) =>
      (await local.api.call<Json>('subTopics.adminCreate', { ...admin, body: { topicId, name } })).body;
    const from = await createTopic('Matrices');
    const to = await createTopic('Transformations');
    const moving = await createSub(from._id, 'Matrix multiplication');
    const stays = await createSub(from._id, 'Determinants');
    const namesake = await createSub(to._id, 'Matrix multiplication');
    const update = (id: string, body: Json) =>
      local.api.call<Json>('subTopics.adminUpdate', { ...admin, params: { id }, body });
    const namesIn = async (topicId: string) =>
      (
        await local.api.call<Json>('subTopics.adminList', {
          ...admin,
          query: { topicId, limit: 10, offset: 0 },
        })
      ).body.docs.map((s: Json) => s.name);

    // Act + Assess: rename (the slug, and so the address, stays) and reorder after Determinants
    const renamed = await update(moving._id, { name: 'Multiplying matrices', summary: 'Rows by columns.' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Multiplying matrices',
      summary: 'Rows by columns.',
      slug: 'matrix-multiplication',
      topicId: from._id,
    });
    expect(await namesIn(from._id)).toEqual(['Multiplying matrices', 'Determinants']);
    const reordered = await update(moving._id, { sortingOrder: stays.sortingOrder + 1 });
    expect(reordered.body.sortingOrder).toBe(stays.sortingOrder + 1);
    expect(await namesIn(from._id)).toEqual(['Determinants', 'Multiplying matrices']);

    // Act + Assess: move to the other topic, where its slug is taken
    const moved = await update(moving._id, { topicId: to._id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      topicId: to._id,
      subjectId: subject._id,
      slug: 'matrix-multiplication-2',
      sortingOrder: namesake.sortingOrder + 1,
    });
    expect(await namesIn(from._id)).toEqual(['Determinants']);
    expect(await namesIn(to._id)).toEqual(['Matrix multiplication', 'Multiplying matrices']);
    const page = await local.api.call<Json>('curriculums.resolvePath', {
      query: { path: '/cambridge-igcse/mathematics/transformations/matrix-multiplication-2' },
    });
    expect(page.status).toBe(200);
    expect(page.body.subTopic._id).toBe(moving._id);
    const oldPath = await local.api.call<Json>('curriculums.resolvePath', {
      query: { path: '/cambridge-igcse/mathematics/matrices/matrix-multiplication' },
    });
    expect(oldPath.status).toBe(404);
    // The old address keeps working: a 301 to the new one, in the tenant's redirections
    const base = '/learning-portal/cambridge-igcse/mathematics';
    const redirectionsFrom = async (from: string) =>
      (
        await local.api.call<Json>('redirections.list', { ...admin, query: { searchText: from, limit: 10 } })
      ).body.docs.filter((r: Json) => r.from === from);
    expect(await redirectionsFrom(`${base}/matrices/matrix-multiplication`)).toEqual([
      expect.objectContaining({ to: `${base}/transformations/matrix-multiplication-2`, statusCode: 301 }),
    ]);

    // Moving it back removes the redirection that would now hide its page, and redirects the other way
    expect((await update(moving._id, { topicId: from._id })).body.slug).toBe('matrix-multiplication-2');
    await update(moving._id, { topicId: to._id });
    expect(await redirectionsFrom(`${base}/transformations/matrix-multiplication-2`)).toEqual([]);
    expect(await redirectionsFrom(`${base}/matrices/matrix-multiplication-2`)).toEqual([
      expect.objectContaining({ to: `${base}/transformations/matrix-multiplication-2` }),
    ]);

    // Bad moves: another subject's topic is a 400, an unknown topic a 404; nothing changes
    const physics = (await local.api.call<Json>('topics.list', { query: { subjectCode: '0625' } })).body
      .docs[0];
    const across = await update(moving._id, { topicId: physics._id });
    expect(across.status).toBe(400);
    expect(across.body.message).toBe('A sub-topic can only move to another topic of its subject');
    expect((await update(moving._id, { topicId: 'nope' })).status).toBe(404);
    expect((await local.api.call<Json>('subTopics.get', { params: { id: moving._id } })).body.topicId).toBe(
      to._id,
    );

    // Clean up
    for (const from of [`${base}/matrices/matrix-multiplication`, `${base}/matrices/matrix-multiplication-2`])
      for (const r of await redirectionsFrom(from))
        await local.api.call('redirections.delete', { ...admin, params: { id: r._id } });
    for (const id of [moving._id, stays._id, namesake._id]) {
      await local.api.call('subTopics.adminDelete', { ...admin, params: { id } });
    }
    for (const id of [from._id, to._id])
      await local.api.call('topics.adminDelete', { ...admin, params: { id } });
  });

  it('pages a topic’s sub-topics for admins', async () => {
    const number = await topicNamed('Number');
    const page = await local.api.call<Json>('subTopics.adminList', {
      ...admin,
      query: { topicId: number._id, limit: 2, offset: 1 },
    });
    expect(page.body).toMatchObject({ limit: 2, offset: 1, totalDocs: 5 });
    expect(page.body.docs.map((s: Json) => s.name)).toEqual([
      'Fractions, decimals and percentages',
      'Standard form',
    ]);
  });

  it('keeps editing to the admin-course permission and to the caller’s tenant', async () => {
    const number = await topicNamed('Number');
    const asTutor = await local.api.call<Json>('topics.adminUpdate', {
      ...tutor,
      params: { id: number._id },
      body: { name: 'Numbers' },
    });
    expect(asTutor.status).toBe(403);
    // Seeded ids repeat in every tenant (stable seed ids), so isolation is shown on a demo-only topic
    const subject = (await local.api.call<Json>('curriculums.subjectMap', { body: IGCSE_MATHS })).body;
    const demoOnly = await local.api.call<Json>('topics.adminCreate', {
      ...admin,
      body: { subjectId: subject._id, name: 'Demo only topic' },
    });
    const fromNorthwind = await local.api.call<Json>('topics.adminUpdate', {
      ...northwindAdmin,
      tenant: 'northwind',
      params: { id: demoOnly.body._id },
      body: { name: 'Numbers' },
    });
    expect(fromNorthwind.status).toBe(404);
    const northwindSubTopic = await local.api.call<Json>('subTopics.adminCreate', {
      ...northwindAdmin,
      tenant: 'northwind',
      body: { topicId: demoOnly.body._id, name: 'x' },
    });
    expect(northwindSubTopic.status).toBe(404);
    await local.api.call('topics.adminDelete', { ...admin, params: { id: demoOnly.body._id } });
    const anonymous = await local.api.call<Json>('subTopics.adminCreate', {
      body: { topicId: number._id, name: 'x' },
    });
    expect(anonymous.status).toBe(401);
  });
});
