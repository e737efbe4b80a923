import { describe, expect, it } from 'vitest';
import { courseTemplateCreateSchema } from '../routes/course-templates';
import {
  countOutline,
  MAX_OUTLINE_DEPTH,
  MAX_TEMPLATE_SECTIONS,
  normalizeOutline,
  outlineFromCourse,
  outlineInputSchema,
  sectionsFromOutline,
} from './course-template';
import { buildSectionTree, type Section } from './section';

const messages = (value: unknown) => {
  const result = outlineInputSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('outline input', () => {
  it('fills defaults and accepts the three non-lesson kinds', () => {
    const parsed = outlineInputSchema.parse([
      {
        kind: 'SECTION',
        title: ' Unit 1 ',
        sections: [
          { kind: 'RESOURCE', title: 'Sheet', resource: { url: 'https://example.com/a.pdf' } },
          { kind: 'HOMEWORK', title: 'Set 1', homework: { instructions: 'Do 1-10' } },
        ],
      },
    ]);
    expect(parsed[0]).toMatchObject({ title: 'Unit 1', description: '', audience: 'STUDENT' });
    expect(parsed[0]!.sections).toHaveLength(2);
  });

  it('refuses lessons, children outside a SECTION, a RESOURCE without a link and misplaced details', () => {
    expect(messages([{ kind: 'ZOOM', title: 'Live' }])).toEqual([
      '0.kind: Kind must be SECTION, RESOURCE or HOMEWORK',
    ]);
    expect(messages([{ kind: 'RESOURCE', title: 'No link' }])).toEqual([
      '0.resource: A file or link is required',
    ]);
    expect(
      messages([
        { kind: 'HOMEWORK', title: 'Hw', sections: [{ kind: 'SECTION', title: 'Inside' }] },
        { kind: 'SECTION', title: 'S', homework: { instructions: 'x' } },
      ]),
    ).toEqual([
      '0.sections: Only a SECTION can hold other sections',
      '1.homework: Only a HOMEWORK has instructions',
    ]);
    expect(messages([{ kind: 'SECTION', title: '' }])).toEqual(['0.title: Title is required']);
  });

  it(`refuses nesting deeper than ${MAX_OUTLINE_DEPTH} levels, however deep the body goes`, () => {
    const nest = (levels: number): unknown =>
      levels === 1
        ? { kind: 'SECTION', title: `L${levels}` }
        : { kind: 'SECTION', title: `L${levels}`, sections: [nest(levels - 1)] };
    expect(messages([nest(MAX_OUTLINE_DEPTH)])).toEqual([]);
    expect(messages([nest(MAX_OUTLINE_DEPTH + 1)]).join()).toContain(
      `Sections can be nested at most ${MAX_OUTLINE_DEPTH} levels deep`,
    );
    expect(messages([nest(3_000)]).join()).toContain('levels deep');
  });

  it(`holds at most ${MAX_TEMPLATE_SECTIONS} sections in all`, () => {
    const leaves = (n: number) => Array.from({ length: n }, (_, i) => ({ kind: 'SECTION', title: `S${i}` }));
    expect(
      messages([{ kind: 'SECTION', title: 'Top', sections: leaves(MAX_TEMPLATE_SECTIONS - 1) }]),
    ).toEqual([]);
    expect(messages([{ kind: 'SECTION', title: 'Top', sections: leaves(MAX_TEMPLATE_SECTIONS) }])).toEqual([
      `: A template holds at most ${MAX_TEMPLATE_SECTIONS} sections`,
    ]);
  });
});

describe('create body', () => {
  it('needs the course fields unless it saves a course', () => {
    const missing = courseTemplateCreateSchema.safeParse({ description: 'x' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.message)).toEqual([
      'Title is required',
      'Curriculum is required',
      'Subject is required',
      'Grade is required',
    ]);
    expect(courseTemplateCreateSchema.safeParse({ courseId: 'c1' }).success).toBe(true);
    // No defaults at this stage: what is left out comes from the course.
    expect(courseTemplateCreateSchema.parse({ courseId: 'c1', title: 'Mine' })).toEqual({
      courseId: 'c1',
      title: 'Mine',
    });
  });
});

describe('normalizeOutline', () => {
  it('orders siblings by sortingKey (else array position), numbers them and links parents', () => {
    const outline = normalizeOutline(
      outlineInputSchema.parse([
        { kind: 'SECTION', title: 'B', sortingKey: 20 },
        {
          kind: 'SECTION',
          title: 'A',
          sortingKey: 10,
          sections: [
            { kind: 'HOMEWORK', title: 'A2' },
            { kind: 'RESOURCE', title: 'A1', sortingKey: 0, resource: { url: 'https://x.test' } },
          ],
        },
      ]),
    );
    expect(outline.map((n) => [n._id, n.title, n.sortingKey, n.parent])).toEqual([
      ['ts-1', 'A', 1, null],
      ['ts-2', 'B', 2, null],
    ]);
    expect(outline[0]!.sections.map((n) => [n._id, n.title, n.sortingKey, n.parent])).toEqual([
      ['ts-1-1', 'A1', 1, 'ts-1'],
      ['ts-1-2', 'A2', 2, 'ts-1'],
    ]);
    expect(outline[0]!.sections[1]!.homework).toEqual({ instructions: '' });
    expect(countOutline(outline)).toBe(4);
  });
});

const now = '2030-01-01T00:00:00.000Z';
const section = (
  fields: Partial<Section> & Pick<Section, '_id' | 'kind' | 'title' | 'sortingKey'>,
): Section => ({
  course: 'c1',
  parent: null,
  description: '',
  audience: 'STUDENT',
  type: 'LESSON',
  billing: 'BILLABLE',
  status: 'ACTIVE',
  createdAt: now,
  updatedAt: now,
  ...fields,
});

describe('outlineFromCourse', () => {
  it('keeps the non-lesson tree in order and leaves out lessons and cancelled sections', () => {
    const tree = buildSectionTree([
      section({ _id: 'u2', kind: 'SECTION', title: 'Unit 2', sortingKey: 2 }),
      section({ _id: 'u1', kind: 'SECTION', title: 'Unit 1', sortingKey: 1 }),
      section({ _id: 'l1', kind: 'TEAMS', title: 'Lesson', sortingKey: 1, parent: 'u1', start: now }),
      section({
        _id: 'r1',
        kind: 'RESOURCE',
        title: 'Sheet',
        sortingKey: 2,
        parent: 'u1',
        audience: 'TUTOR',
        resource: { url: 'https://x.test/a' },
      }),
      section({
        _id: 'h1',
        kind: 'HOMEWORK',
        title: 'Set',
        sortingKey: 3,
        parent: 'u1',
        homework: { instructions: 'Do it', dueAt: now },
      }),
      section({
        _id: 'old',
        kind: 'RESOURCE',
        title: 'Old',
        sortingKey: 4,
        parent: 'u1',
        status: 'CANCELLED',
      }),
    ]);
    const outline = outlineFromCourse(tree);
    expect(outline.map((n) => n.title)).toEqual(['Unit 1', 'Unit 2']);
    expect(outline[0]!.sections).toEqual([
      {
        kind: 'RESOURCE',
        title: 'Sheet',
        description: '',
        audience: 'TUTOR',
        resource: { url: 'https://x.test/a' },
        sections: [],
      },
      // The due date belongs to one run of the course, not to the template.
      {
        kind: 'HOMEWORK',
        title: 'Set',
        description: '',
        audience: 'STUDENT',
        homework: { instructions: 'Do it' },
        sections: [],
      },
    ]);
  });
});

describe('sectionsFromOutline', () => {
  it('makes ACTIVE sections of the new course, parents before children, homework without a due date', () => {
    const outline = normalizeOutline(
      outlineInputSchema.parse([
        {
          kind: 'SECTION',
          title: 'Unit',
          sections: [{ kind: 'HOMEWORK', title: 'Set', homework: { instructions: 'x' } }],
        },
        { kind: 'RESOURCE', title: 'Link', audience: 'TUTOR', resource: { url: 'https://x.test' } },
      ]),
    );
    let next = 0;
    const sections = sectionsFromOutline(outline, 'new-course', () => `id${++next}`, now);
    expect(sections.map((s) => [s._id, s.parent, s.kind, s.sortingKey])).toEqual([
      ['id1', null, 'SECTION', 1],
      ['id2', 'id1', 'HOMEWORK', 1],
      ['id3', null, 'RESOURCE', 2],
    ]);
    expect(sections[1]).toMatchObject({
      course: 'new-course',
      status: 'ACTIVE',
      type: 'LESSON',
      billing: 'BILLABLE',
      homework: { instructions: 'x', dueAt: null },
    });
    expect(sections[2]).toMatchObject({ audience: 'TUTOR', resource: { url: 'https://x.test' } });
    expect(buildSectionTree(sections).map((n) => n.sections.length)).toEqual([1, 0]);
  });
});
