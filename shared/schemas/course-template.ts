import * as z from 'zod';
import { requiredText, shortText } from './common';
import { courseInputSchema } from './course';
import {
  resourceSchema,
  type Section,
  type SectionTree,
  sectionAudiences,
  sectionBaseSchema,
  sectionSchema,
} from './section';

/**
 * Course templates (spec 001 sections 3 and 7 name the calls, not the fields). Decisions, made here:
 *
 * - A template holds the course fields an admin reuses: title, description, curriculum, subject, grade,
 *   class type, payment type and lesson duration. Not the status: a course made from a template always
 *   starts as a DRAFT, because publishing is its own permission (adminCourses.publish) and a new course
 *   has no tutors or lessons yet.
 * - It also holds an outline: a tree of the non-lesson sections (SECTION, RESOURCE, HOMEWORK), in
 *   sortingKey order. Lessons (ZOOM, TEAMS) are never part of a template: they are booked times with
 *   people, which belong to one run of a course.
 * - Homework in a template keeps its instructions but no due date (a date belongs to one run).
 * - `courseId` remembers the course a template was saved from (the list filters by it).
 * - The outline is read only with `isSectionsAllowed=1`; lists and plain reads carry `sectionCount`.
 * - A course is created from a template by one transaction of its sections, then one of the course (its
 *   counters and list entries), and DynamoDB takes at most 100 writes in one; an outline holds at most 98
 *   sections (the course once went in the sections' transaction). It is nested at most five levels deep,
 *   which also keeps the validation of a hostile body shallow.
 */
export const templateSectionKinds = ['SECTION', 'RESOURCE', 'HOMEWORK'] as const;
export type TemplateSectionKind = (typeof templateSectionKinds)[number];

/** 100 writes per transaction, less the two the course took when it went in the sections' transaction. */
export const MAX_TEMPLATE_SECTIONS = 98;
export const MAX_OUTLINE_DEPTH = 5;

/** One outline node as sent by a client: order comes from `sortingKey`, else from the array order. */
export interface OutlineNodeInput {
  kind: TemplateSectionKind;
  title: string;
  description: string;
  audience: (typeof sectionAudiences)[number];
  sortingKey?: number | undefined;
  resource?: z.infer<typeof resourceSchema> | undefined;
  homework?: { instructions: string } | undefined;
  sections: OutlineNodeInput[];
}

const templateHomeworkSchema = z.object({ instructions: z.string().trim().max(10_000).default('') }).strict();

/**
 * The node schema is built level by level instead of recursively, so a body nested thousands of levels
 * deep is refused at the sixth level with a clear message instead of recursing through it.
 */
function outlineNodeSchema(levelsBelow: number): z.ZodType<OutlineNodeInput> {
  const children =
    levelsBelow > 0
      ? z.array(outlineNodeSchema(levelsBelow - 1)).max(MAX_TEMPLATE_SECTIONS)
      : z.array(z.unknown()).max(0, `Sections can be nested at most ${MAX_OUTLINE_DEPTH} levels deep`);
  return z
    .object({
      kind: z.enum(templateSectionKinds, { error: 'Kind must be SECTION, RESOURCE or HOMEWORK' }),
      title: requiredText('Title', 160),
      description: z._default(shortText(4000), ''),
      audience: z.enum(sectionAudiences).default('STUDENT'),
      sortingKey: z.number().int().min(0).max(1_000_000).optional(),
      resource: resourceSchema.strict().optional(),
      homework: templateHomeworkSchema.optional(),
      sections: children.default([]),
    })
    .strict()
    .superRefine((node, ctx) => {
      if (node.kind !== 'SECTION' && node.sections.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['sections'],
          message: 'Only a SECTION can hold other sections',
        });
      }
      if (node.kind === 'RESOURCE' && !node.resource) {
        ctx.addIssue({ code: 'custom', path: ['resource'], message: 'A file or link is required' });
      }
      if (node.kind !== 'RESOURCE' && node.resource) {
        ctx.addIssue({ code: 'custom', path: ['resource'], message: 'Only a RESOURCE has a file or link' });
      }
      if (node.kind !== 'HOMEWORK' && node.homework) {
        ctx.addIssue({ code: 'custom', path: ['homework'], message: 'Only a HOMEWORK has instructions' });
      }
    }) as unknown as z.ZodType<OutlineNodeInput>;
}

export function countOutline(nodes: ReadonlyArray<{ sections: ReadonlyArray<unknown> }>): number {
  return nodes.reduce(
    (total, node) => total + 1 + countOutline(node.sections as Array<{ sections: unknown[] }>),
    0,
  );
}

export const outlineInputSchema = z
  .array(outlineNodeSchema(MAX_OUTLINE_DEPTH - 1))
  .max(MAX_TEMPLATE_SECTIONS)
  .superRefine((nodes, ctx) => {
    if (countOutline(nodes) > MAX_TEMPLATE_SECTIONS) {
      ctx.addIssue({
        code: 'custom',
        message: `A template holds at most ${MAX_TEMPLATE_SECTIONS} sections`,
      });
    }
  });

/** A stored outline node: ids are local to the template; the tree mirrors a course's section tree. */
export interface TemplateSection {
  _id: string;
  parent: string | null;
  kind: TemplateSectionKind;
  title: string;
  description: string;
  audience: (typeof sectionAudiences)[number];
  sortingKey: number;
  resource?: z.infer<typeof resourceSchema>;
  homework?: { instructions: string };
  sections: TemplateSection[];
}

/** Recursive, so typed by hand: it has no defaults, so what it reads (its input) is what it gives. */
export const templateSectionSchema: z.ZodType<TemplateSection, TemplateSection> = z.object({
  _id: z.string(),
  parent: z.string().nullable(),
  kind: z.enum(templateSectionKinds),
  title: z.string(),
  description: z.string(),
  audience: z.enum(sectionAudiences),
  sortingKey: z.number(),
  resource: sectionSchema.shape.resource,
  homework: z.object({ instructions: z.string() }).optional(),
  get sections() {
    return z.array(templateSectionSchema);
  },
});

/** The course fields a template carries (every course field but the status, see above). */
export const courseTemplateFieldsSchema = courseInputSchema.omit({ status: true });
export type CourseTemplateFields = z.infer<typeof courseTemplateFieldsSchema>;

export const courseTemplateInputSchema = courseTemplateFieldsSchema.extend({
  sections: outlineInputSchema.default([]),
});
export type CourseTemplateInput = z.infer<typeof courseTemplateInputSchema>;

/** A template as stored and read: the course fields a create fills in with their default are always there. */
export const courseTemplateSchema = courseTemplateFieldsSchema
  .extend({
    _id: z.string(),
    /** The course this template was saved from, if any. */
    courseId: z.string().optional(),
    sectionCount: z.number(),
    /** Only with `isSectionsAllowed=1`. */
    sections: z.array(templateSectionSchema).optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .required({ description: true, type: true, paymentType: true, lessonDuration: true });
export type CourseTemplate = z.infer<typeof courseTemplateSchema>;

export const courseTemplateSortKeys = [
  'title',
  'curriculum',
  'subject',
  'grade',
  'sectionCount',
  'createdAt',
  'updatedAt',
] as const;

/**
 * The stored outline: siblings ordered by their sortingKey (a node without one keeps its place in the
 * array, as if its key were its position), then numbered 1..n; ids and parents follow the tree.
 */
export function normalizeOutline(
  nodes: readonly OutlineNodeInput[],
  parent: string | null = null,
): TemplateSection[] {
  return nodes
    .map((node, index) => ({ node, index, key: node.sortingKey ?? index + 1 }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map(({ node }, index) => {
      const _id = parent ? `${parent}-${index + 1}` : `ts-${index + 1}`;
      return {
        _id,
        parent,
        kind: node.kind,
        title: node.title,
        description: node.description,
        audience: node.audience,
        sortingKey: index + 1,
        ...(node.kind === 'RESOURCE' && node.resource ? { resource: node.resource } : {}),
        ...(node.kind === 'HOMEWORK'
          ? { homework: { instructions: node.homework?.instructions ?? '' } }
          : {}),
        sections: normalizeOutline(node.sections, _id),
      };
    });
}

/**
 * "Save this course as a template": its non-lesson sections, in tree order. Lessons are left out (they are
 * one run's bookings) and so are cancelled sections (an admin took them out of use).
 */
export function outlineFromCourse(tree: readonly SectionTree[]): OutlineNodeInput[] {
  return tree
    .filter(
      (node): node is SectionTree & { kind: TemplateSectionKind } =>
        (templateSectionKinds as readonly string[]).includes(node.kind) && node.status !== 'CANCELLED',
    )
    .map((node) => ({
      kind: node.kind,
      title: node.title,
      description: node.description,
      audience: node.audience,
      ...(node.kind === 'RESOURCE' && node.resource ? { resource: node.resource } : {}),
      ...(node.kind === 'HOMEWORK' ? { homework: { instructions: node.homework?.instructions ?? '' } } : {}),
      sections: node.kind === 'SECTION' ? outlineFromCourse(node.sections) : [],
    }));
}

/** What a non-lesson section gets by default when created (LESSON type, BILLABLE, ACTIVE). */
const sectionDefaults = sectionBaseSchema.pick({ type: true, billing: true, status: true }).parse({});

/**
 * The real sections of a new course made from a template: the same tree and order, fresh ids, ACTIVE,
 * homework without a due date. Parents come before their children.
 */
export function sectionsFromOutline(
  outline: readonly TemplateSection[],
  courseId: string,
  makeId: () => string,
  now: string,
  parent: string | null = null,
): Section[] {
  return outline.flatMap((node) => {
    const section: Section = {
      _id: makeId(),
      course: courseId,
      parent,
      kind: node.kind,
      title: node.title,
      description: node.description,
      audience: node.audience,
      sortingKey: node.sortingKey,
      ...sectionDefaults,
      ...(node.resource ? { resource: node.resource } : {}),
      ...(node.kind === 'HOMEWORK'
        ? { homework: { instructions: node.homework?.instructions ?? '', dueAt: null } }
        : {}),
      createdAt: now,
      updatedAt: now,
    };
    return [section, ...sectionsFromOutline(node.sections, courseId, makeId, now, section._id)];
  });
}
