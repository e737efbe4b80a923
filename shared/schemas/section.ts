import * as z from 'zod';
import { isResourceLinkShape, RESOURCE_LINK_MESSAGE } from '../rules/resource-link';
import { orderSections } from '../scheduling/lesson-order';
import { requiredText, shortText } from './common';

/** Spec 001 section 4. ZOOM and TEAMS sections are live lessons; SECTION groups the others. */
export const sectionKinds = ['SECTION', 'ZOOM', 'TEAMS', 'RESOURCE', 'HOMEWORK'] as const;
export const lessonKinds = ['ZOOM', 'TEAMS'] as const;
export const sectionAudiences = ['STUDENT', 'TUTOR'] as const;
export const sectionTypes = ['TRIAL', 'DUMMY', 'LESSON'] as const;
export const sectionBillings = ['BILLABLE', 'NON_BILLABLE'] as const;
export const sectionStatuses = ['ACTIVE', 'CANCELLED', 'COMPLETED'] as const;

export type SectionKind = (typeof sectionKinds)[number];
/** Who holds a lesson's meeting: the local stack's own room, Zoom or Microsoft Teams. */
export const lessonMeetingProviders = ['LOCAL', 'ZOOM', 'TEAMS'] as const;
export type LessonMeetingProvider = (typeof lessonMeetingProviders)[number];
/** The lesson's meeting at its provider, created when it was booked (functions/meetings/provider-sync.ts). */
export const lessonMeetingSchema = z.object({
  provider: z.enum(lessonMeetingProviders),
  meetingId: z.string(),
  /** Where participants join (the provider's link, or the local room). */
  joinUrl: z.string(),
});
export type SectionStatus = (typeof sectionStatuses)[number];

export function isLessonKind(kind: string): kind is (typeof lessonKinds)[number] {
  return (lessonKinds as readonly string[]).includes(kind);
}

export const sectionBaseSchema = z.object({
  course: z.string().min(1).max(64),
  parent: z.string().max(64).nullable().default(null),
  kind: z.enum(sectionKinds),
  title: requiredText('Title', 160),
  description: z._default(shortText(4000), ''),
  sortingKey: z.number().int().min(0).max(1_000_000).optional(),
  audience: z.enum(sectionAudiences).default('STUDENT'),
  type: z.enum(sectionTypes).default('LESSON'),
  billing: z.enum(sectionBillings).default('BILLABLE'),
  status: z.enum(sectionStatuses).default('ACTIVE'),
});

/**
 * A section as stored and read; lessons carry their time, tutor, students and meeting link. The fields a
 * create fills in with their default are always there, so they are required in what the server answers.
 */
export const sectionSchema = sectionBaseSchema
  .extend({
    _id: z.string(),
    sortingKey: z.number(),
    start: z.string().optional(),
    end: z.string().optional(),
    duration: z.number().optional(),
    tutorId: z.string().optional(),
    studentIds: z.array(z.string()).optional(),
    joinUrl: z.string().optional(),
    /** The lesson's meeting at its provider; absent on lessons booked before meetings were created. */
    meeting: lessonMeetingSchema.optional(),
    /** The meeting's event id; lesson history's reference key is its first 8 characters. */
    eventId: z.string().optional(),
    /** A cancel or reschedule waiting for an admin's answer. */
    pendingRequestId: z.string().optional(),
    /** A lesson booked as part of a weekly or fortnightly series (shared/scheduling/recurrence): its id. */
    seriesId: z.string().optional(),
    /**
     * Read paths only (never stored on the section): the tutor's first join and the earliest student's at the
     * lesson's current start, as recorded by notify-user-joined-to-meeting; null when nobody of that side has
     * joined. Present on lessons whose join window has opened, so the class timing chip is right live.
     */
    tutorJoinTime: z.string().nullable().optional(),
    studentJoinTime: z.string().nullable().optional(),
    /**
     * Read paths only: the first join of the student whose lessons these are (the signed-in student, or the
     * child whose calendar a parent reads), so a group lesson's chip is that student's, not a classmate's.
     */
    ownJoinTime: z.string().nullable().optional(),
    resource: z
      .object({
        url: z.string(),
        fileName: z.string().optional(),
        contentType: z.string().optional(),
        size: z.number().optional(),
      })
      .optional(),
    homework: z.object({ instructions: z.string(), dueAt: z.string().nullable() }).optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .required({ parent: true, description: true, audience: true, type: true, billing: true, status: true });
export type Section = z.infer<typeof sectionSchema>;
export type SectionTree = Section & { sections: SectionTree[] };
/** Recursive, so typed by hand: what it reads (its input) is what it gives, as for `sectionSchema`. */
export const sectionTreeSchema: z.ZodType<SectionTree, SectionTree> = sectionSchema.extend({
  get sections() {
    return z.array(sectionTreeSchema);
  },
});

/**
 * Builds the tree from a course's sections: children under their parent, kept in sortingKey order except that
 * lessons are in date order among themselves (shared/scheduling/lesson-order.ts).
 */
export function buildSectionTree(sections: Section[]): SectionTree[] {
  const nodes = new Map(
    sections.map((section) => [section._id, { ...section, sections: [] as SectionTree[] }]),
  );
  const roots: SectionTree[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent ? nodes.get(node.parent) : undefined;
    (parent ? parent.sections : roots).push(node);
  }
  const order = (list: SectionTree[]): SectionTree[] =>
    orderSections(list).map((node) => ({ ...node, sections: order(node.sections) }));
  return order(roots);
}

/**
 * Whether `sectionId` is `ancestorId` itself or lies somewhere under it, walking up the parents. A section
 * moved under such a place would be its own ancestor: a loop that no root reaches, so it would vanish from
 * {@link buildSectionTree}. Stops on a loop already in the data.
 */
export function isWithinSection(
  sections: Array<Pick<Section, '_id' | 'parent'>>,
  sectionId: string,
  ancestorId: string,
): boolean {
  const parentOf = new Map(sections.map((s) => [s._id, s.parent]));
  const seen = new Set<string>();
  let current: string | null | undefined = sectionId;
  while (current && !seen.has(current)) {
    if (current === ancestorId) return true;
    seen.add(current);
    current = parentOf.get(current);
  }
  return false;
}

/**
 * What a RESOURCE section points at (an uploaded file or a link). The schema holds every reference to the
 * floor of shared/rules/resource-link.ts (a web link or an upload; never `javascript:` and the like); the
 * section routes then accept only this tenant's uploads and links passing the URL check (checkResourceLink).
 */
export const resourceSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'A file or link is required')
    .max(2000)
    .refine((url) => url === '' || isResourceLinkShape(url), RESOURCE_LINK_MESSAGE),
  fileName: z.string().trim().max(300).optional(),
  contentType: z.string().max(200).optional(),
  size: z
    .number()
    .int()
    .min(0)
    .max(200 * 1024 * 1024)
    .optional(),
});

export const homeworkDetailsSchema = z.object({
  instructions: z.string().trim().max(10_000).default(''),
  dueAt: z.iso.datetime({ offset: true }).nullable().default(null),
});

/** The non-lesson sections (groups, resources, homework); lessons are booked through the meeting calls. */
export const sectionInputSchema = sectionBaseSchema.extend({
  kind: z.enum(['SECTION', 'RESOURCE', 'HOMEWORK']),
  resource: resourceSchema.optional(),
  homework: homeworkDetailsSchema.optional(),
});
export type SectionInput = z.infer<typeof sectionInputSchema>;

export const sectionUpdateSchema = z.object({
  parent: z.string().max(64).nullable().optional(),
  title: z.optional(requiredText('Title', 160)),
  description: z.optional(shortText(4000)),
  sortingKey: z.number().int().min(0).max(1_000_000).optional(),
  audience: z.enum(sectionAudiences).optional(),
  status: z.enum(sectionStatuses).optional(),
  resource: resourceSchema.optional(),
  homework: homeworkDetailsSchema.optional(),
});
export type SectionUpdate = z.infer<typeof sectionUpdateSchema>;

export const homeworkSubmissionInputSchema = z.object({
  section: z.string().min(1).max(64),
  text: z.string().trim().max(20_000).default(''),
  attachments: z.array(resourceSchema).max(10).default([]),
});
/** A submission as stored and read: its text and attachments are always there (empty by default). */
export const homeworkSubmissionSchema = homeworkSubmissionInputSchema
  .extend({
    _id: z.string(),
    student: z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() }),
    course: z.string(),
    status: z.enum(['SUBMITTED', 'REVIEWED']),
    feedback: z.string().nullable(),
    grade: z.string().nullable(),
    /** When the student handed in this answer (its first hand-in, or its last change before the review). */
    submittedAt: z.string(),
    /** When the tutor marked it reviewed; null while it waits (shared/rules/homework-times.ts). */
    reviewedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .required({ text: true, attachments: true });
export type HomeworkSubmission = z.infer<typeof homeworkSubmissionSchema>;
