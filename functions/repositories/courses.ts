import * as z from 'zod';
import { BadRequestError } from '../../shared/http/errors';
import { rateCourseTypeProblem } from '../../shared/rules/tutor-pay';
import {
  type Course,
  type CourseMember,
  courseMemberSchema,
  courseSchema,
} from '../../shared/schemas/course';
import { guarded } from '../crud/list-index';
import { collectionRepository } from '../crud/repository';
import { collections, keys } from '../table/access-patterns';
import { getItem } from '../table/coalesced-get';
import { defineEntity } from '../table/entity';
import type { TransactItem } from '../table/transactions';
import { rateTypeAssignmentWrites } from './rate-type-assignments';

const INACTIVE_COURSE_TYPE_MESSAGE =
  'Choose an active course type: this one does not exist or is inactive (no longer offered)';

export type CourseRecord = Course;

/**
 * A course as stored: by shape, not by the course form's checks (a title or a lesson length saved before
 * a check existed still reads back).
 */
export const courseRecordSchema = courseSchema.extend({
  title: z.string(),
  description: z.string(),
  curriculum: z.string(),
  subject: z.string(),
  grade: z.string(),
  lessonDuration: z.number(),
});

/**
 * Courses, newest first, with a list index (functions/crud/list-index.ts) per back-office filter: status,
 * class type, curriculum, subject and grade. A student or tutor filter starts from their memberships.
 */
export const coursesRepository = collectionRepository<
  CourseRecord,
  'status' | 'type' | 'curriculum' | 'subject' | 'grade'
>({
  collection: collections.courses,
  schema: courseRecordSchema,
  label: 'course',
  searchFields: ['title', 'subject', 'curriculum', 'grade'],
  sortFields: ['title', 'createdAt', 'updatedAt', 'status', 'subject'],
  // The course type a course is assigned counts it, in the course's own writes.
  related: {
    writes: (tenant, before, after) =>
      rateTypeAssignmentWrites(
        tenant,
        collections.groupTutorRateCourseTypes,
        before?.rateCourseType,
        after?.rateCourseType,
      ),
    refused: () => new BadRequestError(INACTIVE_COURSE_TYPE_MESSAGE),
  },
  check: (before, after) => {
    const problem = rateCourseTypeProblem(before, after);
    // Named as the route schemas name a field (functions/lib/pipeline.ts), so the form shows it there.
    return problem
      ? new BadRequestError(`rateCourseType: ${problem}`, {
          errors: [{ field: 'rateCourseType', message: problem }],
        })
      : undefined;
  },
  lists: {
    filters: {
      status: (course) => course.status,
      type: (course) => course.type,
      curriculum: (course) => course.curriculum,
      subject: (course) => course.subject,
      grade: (course) => course.grade,
    },
    indexes: [
      { name: 'status', filters: ['status'], order: 'createdAt', count: 'days' },
      { name: 'type', filters: ['type'], order: 'createdAt', count: 'days' },
      { name: 'curriculum', filters: ['curriculum'], order: 'createdAt', count: 'days' },
      { name: 'subject', filters: ['subject'], order: 'createdAt', count: 'days' },
      { name: 'grade', filters: ['grade'], order: 'createdAt', count: 'days' },
    ],
  },
});

/**
 * A membership is kept under its course (the course's tutors and students, by role) and indexed by its
 * user (gsi1, newest first).
 */
const memberships = defineEntity({
  name: 'courseMember',
  schema: courseMemberSchema,
  keyAttributes: ['course', 'role', 'user'],
  key: (tenant, member) => keys.courseMember(tenant, member.course, member.role, member.user._id),
  indexes: (tenant, member) => ({
    gsi1pk: keys.userCoursesIndex(tenant, member.user._id),
    gsi1sk: `${member.createdAt}#${member.course}`,
  }),
});

/** A membership's id names its course, role and user, so it is unique per course and user. */
export function courseMemberId(courseId: string, role: CourseMember['role'], userId: string): string {
  return `${courseId}.${role}.${userId}`;
}

export function parseCourseMemberId(
  id: string,
): { courseId: string; role: CourseMember['role']; userId: string } | undefined {
  const [courseId, role, userId, extra] = id.split('.');
  if (!courseId || !userId || extra !== undefined || (role !== 'tutor' && role !== 'student'))
    return undefined;
  return { courseId, role, userId };
}

/**
 * A new membership, enabled and enrolled. `type` is the tutor's type (PRIMARY, SUBSTITUTE, TRIAL) or the
 * student's enrolment type (ONETIME, SUBSCRIPTION, CREDIT, TRIAL), by role.
 */
export function newCourseMember(
  courseId: string,
  user: CourseMember['user'],
  role: CourseMember['role'],
  type: NonNullable<CourseMember['type'] | CourseMember['enrolmentType']>,
  createdAt = new Date().toISOString(),
): CourseMember {
  return {
    _id: courseMemberId(courseId, role, user._id),
    course: courseId,
    user: { _id: user._id, firstname: user.firstname, lastname: user.lastname, email: user.email },
    role,
    ...(role === 'tutor'
      ? { type: type as CourseMember['type'] }
      : { enrolmentType: type as CourseMember['enrolmentType'] }),
    status: 'ENABLE',
    enrolment: 'ENROLLED',
    createdAt,
  };
}

/** The membership's Put for a caller's transaction ('absent': only if the user is not on the course yet). */
export function courseMemberWrite(tenant: string, member: CourseMember, condition?: 'absent'): TransactItem {
  return memberships.putWrite(tenant, member, condition);
}

/**
 * One membership by the ids its own id names (a route's id). A GetItem by key: the entity's key is built
 * from the member's `user`, which a caller holding only the id does not have.
 */
export async function getCourseMember(
  tenant: string,
  id: { courseId: string; role: CourseMember['role']; userId: string },
): Promise<CourseMember | undefined> {
  const Item = await getItem(keys.courseMember(tenant, id.courseId, id.role, id.userId), false);
  return Item ? memberships.parse(Item) : undefined;
}

/**
 * A membership as read still holds the same tutor role: the condition of every change to a tutor's
 * membership, whose tutor role's holder count moves in the same transaction (functions/tutor-roles).
 */
const unchangedTutorRole = (read: CourseMember) =>
  read.tutorRoleId
    ? {
        expression: 'attribute_exists(pk) AND tutorRoleId = :heldRole',
        values: { ':heldRole': read.tutorRoleId },
      }
    : { expression: 'attribute_exists(pk) AND attribute_not_exists(tutorRoleId)' };

/** The membership's Put for a caller's transaction, on the condition it is still there as `read` left it. */
export function courseMemberUpdateWrite(
  tenant: string,
  read: CourseMember,
  next: CourseMember,
): TransactItem {
  return guarded(memberships.putWrite(tenant, next), unchangedTutorRole(read));
}

/** The membership's Delete for a caller's transaction, on the same condition. */
export function courseMemberDeleteWrite(tenant: string, read: CourseMember): TransactItem {
  return guarded(memberships.deleteWrite(tenant, read), unchangedTutorRole(read));
}

export function courseMembers(tenant: string, courseId: string): Promise<CourseMember[]> {
  return memberships.query({ partition: keys.courseMembersPartition(tenant, courseId) });
}

/** A user's memberships, newest first. */
export function userMemberships(tenant: string, userId: string): Promise<CourseMember[]> {
  return memberships.query({
    index: 'gsi1',
    partition: keys.userCoursesIndex(tenant, userId),
    descending: true,
  });
}
