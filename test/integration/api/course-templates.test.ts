import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../functions/repositories/users';
import { DEMO_TEMPLATE_ID } from '../../../functions/seed/course-templates-seed';
import type { CourseTemplate, TemplateSection } from '../../../shared/schemas/course-template';
import type { SectionTree } from '../../../shared/schemas/section';
import { apiClient, demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Page<T = CourseTemplate> = { limit: number; offset: number; totalDocs: number; docs: T[] };

let admin: Session;
let student: Session;
let northwindAdmin: Session;

const DEMO_COURSE = 'course-demo-igcse-maths';

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  student = await local.api.signIn(demo.student.email, demo.student.password);
  northwindAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');
});

const templateBody = (fields: Record<string, unknown> = {}) => ({
  title: 'IB Physics HL',
  curriculum: 'IB Diploma',
  subject: 'Physics',
  grade: 'Grade 12',
  type: 'Group',
  lessonDuration: 90,
  sections: [
    {
      kind: 'SECTION',
      title: 'Mechanics',
      sections: [
        { kind: 'HOMEWORK', title: 'Problem set', sortingKey: 2, homework: { instructions: 'Q1-5' } },
        {
          kind: 'RESOURCE',
          title: 'Data booklet',
          sortingKey: 1,
          resource: { url: 'https://x.test/db.pdf' },
        },
      ],
    },
    { kind: 'SECTION', title: 'Waves' },
  ],
  ...fields,
});

async function createTemplate(fields: Record<string, unknown> = {}) {
  const { status, body } = await local.api.call<CourseTemplate>('course-templates.create', {
    token: admin.token,
    body: templateBody(fields),
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

const shape = (nodes: Array<TemplateSection | SectionTree>): unknown[] =>
  nodes.map((n) => [n.kind, n.title, n.sortingKey, shape(n.sections)]);

describe('course templates: create, read, update, delete', () => {
  it('creates a template with its outline; the outline is read only with isSectionsAllowed=1', async () => {
    const created = await createTemplate();
    expect(created).toMatchObject({
      title: 'IB Physics HL',
      type: 'Group',
      paymentType: 'ONETIME',
      description: '',
      lessonDuration: 90,
      sectionCount: 4,
    });
    expect(created).not.toHaveProperty('sections');
    expect(created).not.toHaveProperty('status');

    const plain = await local.api.call<CourseTemplate>('course-templates.get', {
      token: admin.token,
      params: { id: created._id },
    });
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty('sections');
    const off = await local.api.call<CourseTemplate>('course-templates.get', {
      token: admin.token,
      params: { id: created._id },
      query: { isSectionsAllowed: '0' },
    });
    expect(off.body).not.toHaveProperty('sections');

    const full = await local.api.call<CourseTemplate>('course-templates.get', {
      token: admin.token,
      params: { id: created._id },
      query: { isSectionsAllowed: '1' },
    });
    expect(full.status).toBe(200);
    expect(shape(full.body.sections!)).toEqual([
      [
        'SECTION',
        'Mechanics',
        1,
        [
          ['RESOURCE', 'Data booklet', 1, []],
          ['HOMEWORK', 'Problem set', 2, []],
        ],
      ],
      ['SECTION', 'Waves', 2, []],
    ]);
    const mechanics = full.body.sections![0]!;
    expect(mechanics.sections[0]!.parent).toBe(mechanics._id);
    expect(mechanics.sections[1]!.homework).toEqual({ instructions: 'Q1-5' });
  });

  it('updates fields without touching the outline, or replaces the outline', async () => {
    const created = await createTemplate({ title: 'To update' });
    const renamed = await local.api.call<CourseTemplate>('course-templates.update', {
      token: admin.token,
      params: { id: created._id },
      body: { title: 'Updated title', paymentType: 'CREDIT' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ title: 'Updated title', paymentType: 'CREDIT', type: 'Group' });
    expect(renamed.body.sectionCount).toBe(4);

    const replaced = await local.api.call<CourseTemplate>('course-templates.update', {
      token: admin.token,
      params: { id: created._id },
      body: { sections: [{ kind: 'HOMEWORK', title: 'Only homework' }] },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ title: 'Updated title', sectionCount: 1 });
    const full = await local.api.call<CourseTemplate>('course-templates.get', {
      token: admin.token,
      params: { id: created._id },
      query: { isSectionsAllowed: '1' },
    });
    expect(shape(full.body.sections!)).toEqual([['HOMEWORK', 'Only homework', 1, []]]);
  });

  it('deletes a template with its outline and lowers the count', async () => {
    const created = await createTemplate({ title: 'To delete' });
    const before = await local.api.call<Page>('course-templates.list', { token: admin.token });
    const deleted = await local.api.call('course-templates.delete', {
      token: admin.token,
      params: { id: created._id },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ _id: created._id });
    const after = await local.api.call<Page>('course-templates.list', { token: admin.token });
    expect(after.body.totalDocs).toBe(before.body.totalDocs - 1);
    for (const query of [{}, { isSectionsAllowed: '1' }]) {
      const gone = await local.api.call('course-templates.get', {
        token: admin.token,
        params: { id: created._id },
        query,
      });
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe('Course template not found');
    }
    const again = await local.api.call('course-templates.delete', {
      token: admin.token,
      params: { id: created._id },
    });
    expect(again.status).toBe(404);
  });
});

describe('course templates: list', () => {
  it('pages with the {limit, offset, totalDocs, docs} contract, newest first, without outlines', async () => {
    const seeded = await local.api.call<CourseTemplate>('course-templates.get', {
      token: admin.token,
      params: { id: DEMO_TEMPLATE_ID },
    });
    expect(seeded.body).toMatchObject({ curriculum: 'Cambridge IGCSE', sectionCount: 6 });
    const a = await createTemplate({ title: 'Paging A' });
    const b = await createTemplate({ title: 'Paging B' });
    const first = await local.api.call<Page>('course-templates.list', {
      token: admin.token,
      query: { limit: 1 },
    });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['docs', 'limit', 'offset', 'totalDocs']);
    expect(first.body).toMatchObject({ limit: 1, offset: 0 });
    expect(first.body.docs.map((d) => d._id)).toEqual([b._id]);
    const second = await local.api.call<Page>('course-templates.list', {
      token: admin.token,
      query: { limit: 1, offset: 1 },
    });
    expect(second.body.docs.map((d) => d._id)).toEqual([a._id]);
    expect(second.body.totalDocs).toBe(first.body.totalDocs);
    const all = await local.api.call<Page>('course-templates.list', {
      token: admin.token,
      query: { limit: 100 },
    });
    expect(all.body.docs).toHaveLength(all.body.totalDocs);
    expect(all.body.docs.some((d) => d._id === DEMO_TEMPLATE_ID)).toBe(true);
    expect(all.body.docs.every((d) => !('sections' in d) && typeof d.sectionCount === 'number')).toBe(true);
  });

  it('filters by curriculum, subject and grade, searches titles and sorts by allowed keys only', async () => {
    await createTemplate({
      title: 'Chem filter',
      curriculum: 'Edexcel IGCSE',
      subject: 'Chemistry',
      grade: 'Grade 9',
    });
    await createTemplate({
      title: 'Bio filter',
      curriculum: 'Edexcel IGCSE',
      subject: 'Biology',
      grade: 'Grade 9',
    });
    await createTemplate({
      title: 'Bio ten',
      curriculum: 'Edexcel IGCSE',
      subject: 'Biology',
      grade: 'Grade 10',
    });
    const list = (query: Record<string, string | number>) =>
      local.api.call<Page>('course-templates.list', { token: admin.token, query });

    const edexcel = await list({ curriculum: 'Edexcel IGCSE' });
    expect(edexcel.body.totalDocs).toBe(3);
    const biology = await list({ curriculum: 'Edexcel IGCSE', subject: 'Biology' });
    expect(biology.body.docs.map((d) => d.title).sort()).toEqual(['Bio filter', 'Bio ten']);
    const grade9 = await list({ subject: 'Biology', grade: 'Grade 9' });
    expect(grade9.body.docs.map((d) => d.title)).toEqual(['Bio filter']);

    const search = await list({ searchText: 'bio' });
    expect(search.body.docs.map((d) => d.title).sort()).toEqual(['Bio filter', 'Bio ten']);
    // Only the title is searched.
    expect((await list({ searchText: 'Edexcel' })).body.totalDocs).toBe(0);

    const sorted = await list({ curriculum: 'Edexcel IGCSE', sortKey: 'title', sortValue: 'asc' });
    expect(sorted.body.docs.map((d) => d.title)).toEqual(['Bio filter', 'Bio ten', 'Chem filter']);
    const paged = await list({
      curriculum: 'Edexcel IGCSE',
      sortKey: 'title',
      sortValue: 'desc',
      limit: 1,
      offset: 1,
    });
    expect(paged.body).toMatchObject({ totalDocs: 3, limit: 1, offset: 1 });
    expect(paged.body.docs.map((d) => d.title)).toEqual(['Bio ten']);

    const badSort = await local.api.call('course-templates.list', {
      token: admin.token,
      query: { sortKey: 'password' },
    });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toMatch(/^sortKey: /);
  });
});

describe('save a course as a template', () => {
  it('copies the course fields and its non-lesson outline, without lessons; the list filters by courseId', async () => {
    // Prepare: the demo course has four lessons; give it an outline around them.
    const add = async (route: string, body: Record<string, unknown>) => {
      const { status, body: section } = await local.api.call<{ _id: string }>(route, {
        token: admin.token,
        body: { course: DEMO_COURSE, ...body },
      });
      expect(status, JSON.stringify(section)).toBe(201);
      return section._id;
    };
    const unit = await add('sections.adminCreate', { kind: 'SECTION', title: 'Unit A', sortingKey: 50 });
    await add('homeworks.create', {
      title: 'Unit A homework',
      parent: unit,
      sortingKey: 2,
      homework: { instructions: 'Exercise 3', dueAt: '2030-05-01T10:00:00.000Z' },
    });
    await add('resources.adminCreate', {
      title: 'Unit A notes',
      parent: unit,
      sortingKey: 1,
      audience: 'TUTOR',
      resource: { url: 'https://x.test/notes.pdf', fileName: 'notes.pdf' },
    });
    const retired = await add('resources.adminCreate', {
      title: 'Retired link',
      resource: { url: 'https://x.test/old' },
    });
    const cancel = await local.api.call('sections.adminUpdate', {
      token: admin.token,
      params: { id: retired },
      body: { status: 'CANCELLED' },
    });
    expect(cancel.status).toBe(200);

    // Act
    const saved = await local.api.call<CourseTemplate>('course-templates.create', {
      token: admin.token,
      body: { courseId: DEMO_COURSE, title: 'IGCSE Maths from the demo course' },
    });

    // Assess
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({
      title: 'IGCSE Maths from the demo course',
      curriculum: 'Cambridge IGCSE',
      subject: 'Mathematics',
      grade: 'Grade 10',
      paymentType: 'SUBSCRIPTION',
      courseId: DEMO_COURSE,
      sectionCount: 3,
    });
    const full = await local.api.call<CourseTemplate>('course-templates.get', {
      token: admin.token,
      params: { id: saved.body._id },
      query: { isSectionsAllowed: '1' },
    });
    expect(shape(full.body.sections!)).toEqual([
      [
        'SECTION',
        'Unit A',
        1,
        [
          ['RESOURCE', 'Unit A notes', 1, []],
          ['HOMEWORK', 'Unit A homework', 2, []],
        ],
      ],
    ]);
    const [notes, homework] = full.body.sections![0]!.sections;
    expect(notes).toMatchObject({ audience: 'TUTOR', resource: { url: 'https://x.test/notes.pdf' } });
    expect(homework!.homework).toEqual({ instructions: 'Exercise 3' });

    const byCourse = await local.api.call<Page>('course-templates.list', {
      token: admin.token,
      query: { courseId: DEMO_COURSE },
    });
    expect(byCourse.body.docs.map((d) => d._id)).toEqual([saved.body._id]);
    const none = await local.api.call<Page>('course-templates.list', {
      token: admin.token,
      query: { courseId: 'no-such-course' },
    });
    expect(none.body).toMatchObject({ totalDocs: 0, docs: [] });
  });

  it('is a 404 for an unknown course', async () => {
    const { status, body } = await local.api.call('course-templates.create', {
      token: admin.token,
      body: { courseId: 'no-such-course' },
    });
    expect(status).toBe(404);
    expect(body.message).toBe('Course not found');
  });
});

describe('create a course from a template', () => {
  it('makes a DRAFT course with the template fields (overridable) and its outline as real sections', async () => {
    const template = await createTemplate({ title: 'Template for a course' });

    const { status, body: course } = await local.api.call<Record<string, unknown>>(
      'course-templates.createCourse',
      {
        token: admin.token,
        params: { id: template._id },
        body: { title: 'Physics HL 2031', lessonDuration: 60 },
      },
    );

    expect(status, JSON.stringify(course)).toBe(201);
    expect(course).toMatchObject({
      title: 'Physics HL 2031',
      lessonDuration: 60,
      curriculum: 'IB Diploma',
      subject: 'Physics',
      grade: 'Grade 12',
      type: 'Group',
      status: 'DRAFT',
      isTrial: false,
    });
    const detail = await local.api.call<{ sections: SectionTree[]; status: string }>('courses.adminGet', {
      token: admin.token,
      params: { id: course._id as string },
      query: { subSections: '1' },
    });
    expect(detail.status).toBe(200);
    expect(shape(detail.body.sections)).toEqual([
      [
        'SECTION',
        'Mechanics',
        1,
        [
          ['RESOURCE', 'Data booklet', 1, []],
          ['HOMEWORK', 'Problem set', 2, []],
        ],
      ],
      ['SECTION', 'Waves', 2, []],
    ]);
    const flat = (nodes: SectionTree[]): SectionTree[] => nodes.flatMap((n) => [n, ...flat(n.sections)]);
    for (const section of flat(detail.body.sections)) {
      expect(section).toMatchObject({ course: course._id, status: 'ACTIVE' });
    }
    expect(flat(detail.body.sections)[2]!.homework).toEqual({ instructions: 'Q1-5', dueAt: null });

    const listed = await local.api.call<Page<{ _id: string }>>('courses.adminList', {
      token: admin.token,
      query: { searchText: 'Physics HL 2031' },
    });
    expect(listed.body.docs.map((c) => c._id)).toEqual([course._id]);
    // The template is unchanged.
    const after = await local.api.call<CourseTemplate>('course-templates.get', {
      token: admin.token,
      params: { id: template._id },
    });
    expect(after.body.title).toBe('Template for a course');
  });

  it('copies the seeded template with an empty body', async () => {
    const { status, body } = await local.api.call<Record<string, unknown>>('course-templates.createCourse', {
      token: admin.token,
      params: { id: DEMO_TEMPLATE_ID },
      body: {},
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ title: 'IGCSE Mathematics (one-to-one)', status: 'DRAFT' });
  });

  it('refuses a status or an unknown template', async () => {
    const withStatus = await local.api.call('course-templates.createCourse', {
      token: admin.token,
      params: { id: DEMO_TEMPLATE_ID },
      body: { status: 'ACTIVE' },
    });
    expect(withStatus.status).toBe(400);
    expect(withStatus.body.message).toBe('Unknown field(s): status');
    const unknown = await local.api.call('course-templates.createCourse', {
      token: admin.token,
      params: { id: 'no-such-template' },
      body: {},
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Course template not found');
  });
});

describe('bad input is a 400 that says why', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    [
      'no course fields',
      { description: 'x' },
      /title: Title is required.*curriculum: Curriculum is required/,
    ],
    [
      'a lesson in the outline',
      templateBody({ sections: [{ kind: 'TEAMS', title: 'Live' }] }),
      /sections\.0\.kind/,
    ],
    [
      'a resource without a link',
      templateBody({ sections: [{ kind: 'RESOURCE', title: 'Nothing' }] }),
      /sections\.0\.resource: A file or link is required/,
    ],
    [
      'children under a homework',
      templateBody({
        sections: [{ kind: 'HOMEWORK', title: 'H', sections: [{ kind: 'SECTION', title: 'S' }] }],
      }),
      /sections\.0\.sections: Only a SECTION can hold other sections/,
    ],
    ['a bad duration', templateBody({ lessonDuration: 500 }), /^lessonDuration: /],
    ['an unknown field', templateBody({ status: 'ACTIVE' }), /Unknown field\(s\): status/],
  ];
  it.each(cases)('%s', async (_, body, message) => {
    const result = await local.api.call('course-templates.create', { token: admin.token, body });
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(message);
  });

  it('checks updates and the outline switch too', async () => {
    const update = await local.api.call('course-templates.update', {
      token: admin.token,
      params: { id: DEMO_TEMPLATE_ID },
      body: { sections: [{ kind: 'SECTION', title: '' }] },
    });
    expect(update.status).toBe(400);
    expect(update.body.message).toBe('sections.0.title: Title is required');
    const flag = await local.api.call('course-templates.get', {
      token: admin.token,
      params: { id: DEMO_TEMPLATE_ID },
      query: { isSectionsAllowed: 'yes' },
    });
    expect(flag.status).toBe(400);
    expect(flag.body.message).toMatch(/^isSectionsAllowed: /);
  });
});

describe('tenants and permissions', () => {
  it("another tenant's template is a 404 for every call, and it stays unchanged", async () => {
    const template = await createTemplate({ title: 'Demo only' });
    const northwindApi = apiClient(local.stack.apiUrl, { tenant: 'northwind' });
    const as = { token: northwindAdmin.token, params: { id: template._id } };
    expect((await northwindApi.call('course-templates.get', as)).status).toBe(404);
    expect(
      (await northwindApi.call('course-templates.update', { ...as, body: { title: 'Taken' } })).status,
    ).toBe(404);
    expect((await northwindApi.call('course-templates.createCourse', { ...as, body: {} })).status).toBe(404);
    expect((await northwindApi.call('course-templates.delete', as)).status).toBe(404);
    const saveForeignCourse = await northwindApi.call('course-templates.create', {
      token: northwindAdmin.token,
      body: { courseId: DEMO_COURSE },
    });
    expect(saveForeignCourse.status).toBe(404);
    const theirs = await northwindApi.call<Page>('course-templates.list', {
      token: northwindAdmin.token,
      query: { limit: 100 },
    });
    expect(theirs.body.docs.some((d) => d._id === template._id || d._id === DEMO_TEMPLATE_ID)).toBe(false);

    const own = await local.api.call<CourseTemplate>('course-templates.get', {
      token: admin.token,
      params: { id: template._id },
    });
    expect(own.body.title).toBe('Demo only');
  });

  it('a student gets a 403 on every course-template call', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['course-templates.list', {}],
      ['course-templates.get', { params: { id: DEMO_TEMPLATE_ID } }],
      ['course-templates.create', { body: templateBody() }],
      ['course-templates.update', { params: { id: DEMO_TEMPLATE_ID }, body: { title: 'x' } }],
      ['course-templates.delete', { params: { id: DEMO_TEMPLATE_ID } }],
      ['course-templates.createCourse', { params: { id: DEMO_TEMPLATE_ID }, body: {} }],
    ];
    for (const [route, options] of calls) {
      const { status, body } = await local.api.call(route, { token: student.token, ...options });
      expect(status, route).toBe(403);
      expect(body.message).toBe('You do not have permission to do this');
    }
  });

  it('creating a course from a template also needs the right to read templates', async () => {
    const { body: role } = await local.api.call('roles.create', {
      token: admin.token,
      body: { name: 'Course creator only', type: 'admin', permissions: { adminCourses: ['view', 'create'] } },
    });
    const { hashPassword } = await import('../../../functions/lib/passwords');
    await createUser('demo', {
      firstname: 'Course',
      lastname: 'Creator',
      email: 'course-creator@demo.test',
      type: 'admin',
      roleId: role._id as string,
      passwordHash: await hashPassword('Course-creator-1'),
    });
    const creator = await local.api.signIn('course-creator@demo.test', 'Course-creator-1');
    const { status } = await local.api.call('course-templates.createCourse', {
      token: creator.token,
      params: { id: DEMO_TEMPLATE_ID },
      body: {},
    });
    expect(status).toBe(403);
  });
});
