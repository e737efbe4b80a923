import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Course, CourseMember } from '../../shared/schemas/course';
import { collectionRepository } from '../crud/repository';
import { db, tableName } from '../lib/db';
import { collections, keys } from '../table/access-patterns';
import { stripKeys } from '../table/items';
import { queryAll } from '../table/query';
import type { TransactItem } from '../table/transactions';

export type CourseRecord = Course;

export const coursesRepository = collectionRepository<CourseRecord>({
  collection: collections.courses,
  label: 'course',
  searchFields: ['title', 'subject', 'curriculum', 'grade'],
  sortFields: ['title', 'createdAt', 'updatedAt', 'status', 'subject'],
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
