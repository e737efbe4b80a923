import * as z from 'zod';
import { requiredText, shortText } from './common';

/** Spec 001 section 4. ZOOM and TEAMS sections are live lessons; SECTION groups the others. */
export const sectionKinds = ['SECTION', 'ZOOM', 'TEAMS', 'RESOURCE', 'HOMEWORK'] as const;
export const lessonKinds = ['ZOOM', 'TEAMS'] as const;
export const sectionAudiences = ['STUDENT', 'TUTOR'] as const;
export const sectionTypes = ['TRIAL', 'DUMMY', 'LESSON'] as const;
export const sectionBillings = ['BILLABLE', 'NON_BILLABLE'] as const;
export const sectionStatuses = ['ACTIVE', 'CANCELLED', 'COMPLETED'] as const;

export type SectionKind = (typeof sectionKinds)[number];
export type SectionStatus = (typeof sectionStatuses)[number];

export function isLessonKind(kind: string): kind is (typeof lessonKinds)[number] {
  return (lessonKinds as readonly string[]).includes(kind);
}

export const sectionBaseSchema = z.object({
  course: z.string().min(1).max(64),
  parent: z.string().max(64).nullable().default(null),
  kind: z.enum(sectionKinds),
  title: requiredText('Title', 160),
  description: shortText(4000).default(''),
  sortingKey: z.number().int().min(0).max(1_000_000).optional(),
  audience: z.enum(sectionAudiences).default('STUDENT'),
  type: z.enum(sectionTypes).default('LESSON'),
  billing: z.enum(sectionBillings).default('BILLABLE'),
  status: z.enum(sectionStatuses).default('ACTIVE'),
});

/** A section as stored and read; lessons carry their time, tutor, students and meeting link. */
export const sectionSchema = sectionBaseSchema.extend({
  _id: z.string(),
  sortingKey: z.number(),
  start: z.string().optional(),
  end: z.string().optional(),
  duration: z.number().optional(),
  tutorId: z.string().optional(),
  studentIds: z.array(z.string()).optional(),
  joinUrl: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Section = z.infer<typeof sectionSchema>;
export type SectionTree = Section & { sections: SectionTree[] };
export const sectionTreeSchema: z.ZodType<SectionTree> = sectionSchema.extend({
  get sections() {
    return z.array(sectionTreeSchema);
  },
});

/** Builds the tree from a course's sections: children under their parent, kept in sortingKey order. */
export function buildSectionTree(sections: Section[]): SectionTree[] {
  const nodes = new Map(
    sections.map((section) => [section._id, { ...section, sections: [] as SectionTree[] }]),
  );
  const roots: SectionTree[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent ? nodes.get(node.parent) : undefined;
    (parent ? parent.sections : roots).push(node);
  }
  const order = (list: SectionTree[]) => {
    list.sort((a, b) => a.sortingKey - b.sortingKey || a._id.localeCompare(b._id));
    for (const node of list) order(node.sections);
  };
  order(roots);
  return roots;
}
