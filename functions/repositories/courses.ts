import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Course, CourseMember } from '../../shared/schemas/course';
import { collectionRepository } from '../crud/repository';
import { db, tableName } from '../lib/db';
import { collections, keys } from '../table/access-patterns';
import { stripKeys } from '../table/items';
import { queryAll } from '../table/query';
import type { TransactItem } from '../table/transactions';

export type CourseRecord = Course;

/**
 * Courses, newest first, with a list index (functions/crud/list-index.ts) per back-office filter: status,
 * class type, curriculum, subject and grade. A student or tutor filter starts from their memberships.
 */
export const coursesRepository = collectionRepository<
  CourseRecord,
  'status' | 'type' | 'curriculum' | 'subject' | 'grade'
>({
  collection: collections.courses,
  label: 'course',
  searchFields: ['title', 'subject', 'curriculum', 'grade'],
  sortFields: ['title', 'createdAt', 'updatedAt', 'status', 'subject'],
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

/** A membership is kept under its course (the course's tutors and students) and indexed by its user. */
export function courseMemberWrite(tenant: string, member: CourseMember): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.courseMember(tenant, member.course, member.role, member.user._id),
        gsi1pk: keys.userCoursesIndex(tenant, member.user._id),
        gsi1sk: `${member.createdAt}#${member.course}`,
        entity: 'courseMember',
        ...member,
      },
    },
  };
}

export async function courseMembers(tenant: string, courseId: string): Promise<CourseMember[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.courseMembersPartition(tenant, courseId) },
    }),
  );
  return (Items ?? []).map((item) => stripKeys<CourseMember>(item));
}

/** A user's memberships, newest first. */
export function userMemberships(tenant: string, userId: string): Promise<CourseMember[]> {
  return queryAll<CourseMember>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userCoursesIndex(tenant, userId) },
    ScanIndexForward: false,
  });
}
