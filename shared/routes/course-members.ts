import * as z from 'zod';
import { idSchema } from '../schemas/common';
import {
  courseMemberSchema,
  courseSchema,
  courseTutorTypes,
  enrolments,
  enrolmentTypes,
  memberStatuses,
} from '../schemas/course';
import { pageSchema, pagingQuerySchema } from '../schemas/paging';
import { verifyDeleteResponseSchema } from './crud';
import { permission, route, signedIn } from './define';

const view = permission('adminCourses', 'view');
const edit = permission('adminCourses', 'edit');
const removalModes = ['DELETE', 'DISABLE'] as const;

export const memberCourseSchema = courseSchema.extend({ membership: courseMemberSchema });

/** Spec 001 section 7 (course tutors) and spec 002 (admin course-students). */
export const courseMemberRoutes = [
  route({
    id: 'courseTutors.list',
    method: 'GET',
    path: '/admin/course-tutors',
    resource: 'courses',
    access: view,
    query: z.strictObject({
      ...pagingQuerySchema.shape,
      course: idSchema,
      status: z.enum(memberStatuses).optional(),
    }),
    response: pageSchema(courseMemberSchema),
    summary: "A course's tutors",
  }),
  route({
    id: 'courseTutors.create',
    method: 'POST',
    path: '/admin/course-tutors',
    resource: 'courses',
    access: edit,
    body: z
      .object({
        course: idSchema,
        tutor: idSchema,
        type: z.enum(courseTutorTypes).default('PRIMARY'),
        /** The tutor role they hold on the course; the default (Editor) when not given. */
        tutorRoleId: z.optional(idSchema),
      })
      .strict(),
    response: courseMemberSchema,
    summary: 'Add a tutor to a course',
  }),
  route({
    id: 'courseTutors.update',
    method: 'PUT',
    path: '/admin/course-tutors/{id}',
    resource: 'courses',
    access: edit,
    body: z
      .object({
        type: z.enum(courseTutorTypes).optional(),
        action: z.enum(['ENABLE', 'DISABLE']).optional(),
        tutorRoleId: z.optional(idSchema),
      })
      .strict(),
    response: courseMemberSchema,
    summary: "Change a course tutor's type or tutor role, or enable or disable them on the course",
  }),
  route({
    id: 'courseTutors.delete',
    method: 'DELETE',
    path: '/admin/course-tutors/{id}',
    resource: 'courses',
    access: edit,
    query: z.object({ course: z.optional(idSchema), mode: z.enum(removalModes).default('DELETE') }).strict(),
    response: z.object({ _id: z.string() }),
    summary: 'Remove a tutor from a course (DELETE) or keep them disabled (DISABLE)',
  }),
  route({
    id: 'courseTutors.verifyDelete',
    method: 'GET',
    path: '/admin/course-tutors/verify-delete/{id}',
    resource: 'courses',
    access: view,
    query: z.object({ type: z.enum(removalModes).default('DELETE') }).strict(),
    response: verifyDeleteResponseSchema,
    summary: 'Whether a course tutor can be removed (no upcoming lessons with them)',
  }),
  route({
    id: 'courseTutors.ofTutor',
    method: 'GET',
    path: '/course-tutors/{tutorId}',
    resource: 'courses',
    access: signedIn,
    response: z.object({ docs: z.array(memberCourseSchema) }),
    summary: "A tutor's courses (the tutor or a course viewer)",
  }),
  route({
    id: 'courseStudents.list',
    method: 'GET',
    path: '/admin/course-students',
    resource: 'courses',
    access: view,
    query: z.strictObject({
      ...pagingQuerySchema.shape,
      course: idSchema,
      status: z.enum(enrolments).optional(),
    }),
    response: pageSchema(courseMemberSchema),
    summary: "A course's students",
  }),
  route({
    id: 'courseStudents.create',
    method: 'POST',
    path: '/admin/course-students',
    resource: 'courses',
    access: edit,
    body: z
      .object({ course: idSchema, student: idSchema, type: z.enum(enrolmentTypes).default('ONETIME') })
      .strict(),
    response: courseMemberSchema,
    summary: 'Enrol a student in a course',
  }),
  route({
    id: 'courseStudents.update',
    method: 'PUT',
    path: '/admin/course-students/{id}',
    resource: 'courses',
    access: edit,
    body: z
      .object({ status: z.enum(enrolments).optional(), type: z.enum(enrolmentTypes).optional() })
      .strict(),
    response: courseMemberSchema,
    summary: "Change a student's enrolment (ENROLLED, UNENROLLED) or its type",
  }),
  route({
    id: 'courseStudents.delete',
    method: 'DELETE',
    path: '/admin/course-students/{id}',
    resource: 'courses',
    access: edit,
    response: z.object({ _id: z.string() }),
    summary: 'Remove a student from a course (and from its upcoming lessons)',
  }),
  route({
    id: 'courseStudents.ofUser',
    method: 'GET',
    path: '/admin/course-students/user/{userId}',
    resource: 'courses',
    access: view,
    query: z.object({ deviceTimezone: z.string().max(64).optional() }).strict(),
    response: z.object({
      activeCourses: z.array(memberCourseSchema),
      completedCourses: z.array(memberCourseSchema),
    }),
    summary: "A student's courses, split into active and completed",
  }),
];
