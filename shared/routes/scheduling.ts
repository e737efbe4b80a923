import * as z from 'zod';
import {
  availabilityInputSchema,
  availabilitySchema,
  freeDaysResponseSchema,
  slotsResponseSchema,
  timeZoneSchema,
  trialSlotsQuerySchema,
  tutorFreeDaysQuerySchema,
  tutorSlotsQuerySchema,
  tutorsSlotsBodySchema,
  tutorsSlotsResponseSchema,
} from '../schemas/availability';
import {
  classTypes,
  courseInputSchema,
  courseMemberSchema,
  courseSchema,
  courseStatuses,
  courseTutorUpdateSchema,
  enrolments,
} from '../schemas/course';
import { curriculumSchema } from '../schemas/curriculum';
import { listQuerySchema, pageSchema, pagingQuerySchema } from '../schemas/paging';
import { sectionTreeSchema } from '../schemas/section';
import { strict } from '../schemas/strict';
import { tutorRoleSchema } from '../schemas/tutor-role';
import { partialWithoutDefaults } from './crud';
import { permission, publicAccess, route, signedIn } from './define';

const curriculumRoutes = [
  route({
    id: 'curriculums.listWithGrades',
    method: 'GET',
    path: '/curriculums/list-with-grades',
    resource: 'curriculums',
    access: publicAccess,
    response: z.object({ docs: z.array(curriculumSchema) }),
    summary: 'Curricula with their grades and subjects (the trial dialog selectors)',
  }),
];

const availabilityRoutes = [
  route({
    id: 'availability.get',
    method: 'GET',
    path: '/user-availability/{userId}',
    resource: 'user-availability',
    access: signedIn,
    response: availabilitySchema,
    summary:
      "A tutor's weekly hours, exceptions, windows, status and subjects (the tutor or a schedule viewer)",
  }),
  route({
    id: 'availability.update',
    method: 'PUT',
    path: '/user-availability/{userId}',
    resource: 'user-availability',
    access: signedIn,
    body: availabilityInputSchema.strict(),
    response: availabilitySchema,
    summary: "Replace a tutor's availability (the tutor, or an admin with schedule edit)",
  }),
  route({
    id: 'availability.slots',
    method: 'GET',
    path: '/user-availability/slots/{userId}',
    resource: 'user-availability',
    access: signedIn,
    query: tutorSlotsQuerySchema.strict(),
    response: slotsResponseSchema,
    summary: "One tutor's free slots on a date, in the viewer's zone",
  }),
  route({
    id: 'availability.freeDays',
    method: 'GET',
    path: '/user-availability/free-days/{userId}',
    resource: 'user-availability',
    access: signedIn,
    query: tutorFreeDaysQuerySchema,
    response: freeDaysResponseSchema,
    silent: true,
    summary:
      "The book-a-lesson calendar: which days of a range (viewer's zone) have one of a tutor's free times",
  }),
  route({
    id: 'availability.trialSlots',
    method: 'POST',
    path: '/user-availability/slots/trial',
    resource: 'user-availability',
    access: publicAccess,
    body: trialSlotsQuerySchema.strict(),
    response: slotsResponseSchema,
    summary: 'Free trial slots on a date for a curriculum, subject and grade (each with a tutor)',
  }),
  route({
    id: 'availability.tutorSlots',
    method: 'POST',
    path: '/user-availability/slots/tutor',
    resource: 'user-availability',
    access: permission(['schedule', 'adminCourses'], ['view', 'create', 'edit']),
    body: tutorsSlotsBodySchema.strict(),
    response: tutorsSlotsResponseSchema,
    summary: 'Free slots of several tutors on a date (admin scheduling)',
  }),
];

/** A member as a course read shows it: a student's or parent's view leaves out the e-mail addresses. */
const courseViewMemberSchema = courseMemberSchema.extend({
  user: courseMemberSchema.shape.user.extend({ email: z.string().optional() }),
});

export const courseDetailSchema = courseSchema.extend({
  sections: z.array(sectionTreeSchema).optional(),
  tutors: z.array(courseViewMemberSchema),
  students: z.array(courseViewMemberSchema),
  /** To one of its tutors: the tutor role they hold on it, which decides what their screen offers. */
  tutorRole: tutorRoleSchema.pick({ _id: true, name: true, permissions: true }).optional(),
});

const userCourseSchema = courseSchema.extend({
  membership: courseMemberSchema,
  nextLesson: z.object({ sectionId: z.string(), start: z.string(), end: z.string() }).nullable(),
});

const subSectionsQuery = z
  .object({
    subSections: z.enum(['0', '1']).optional(),
    deviceTimezone: timeZoneSchema.optional(),
  })
  .strict();

const courseRoutes = [
  route({
    id: 'courses.adminList',
    method: 'GET',
    path: '/admin/courses',
    resource: 'courses',
    access: permission('adminCourses', 'view'),
    query: z.strictObject({
      ...listQuerySchema.shape,
      curriculum: z.string().max(100).optional(),
      subject: z.string().max(100).optional(),
      grade: z.string().max(100).optional(),
      studentId: z.string().max(64).optional(),
      tutorId: z.string().max(64).optional(),
      status: z.enum(courseStatuses).optional(),
      type: z.enum(classTypes).optional(),
    }),
    response: pageSchema(courseSchema),
    summary: 'Courses with every filter of spec 001 section 7',
  }),
  route({
    id: 'courses.adminCreate',
    method: 'POST',
    path: '/admin/courses',
    resource: 'courses',
    access: permission('adminCourses', 'create'),
    body: courseInputSchema.strict(),
    response: courseSchema,
    summary: 'Create a course',
  }),
  route({
    id: 'courses.adminGet',
    method: 'GET',
    path: '/admin/courses/{id}',
    resource: 'courses',
    access: permission('adminCourses', 'view'),
    query: subSectionsQuery,
    response: courseDetailSchema,
    summary: 'A course with its tutors, students and (subSections=1) its section tree',
  }),
  route({
    id: 'courses.adminUpdate',
    method: 'PUT',
    path: '/admin/courses/{id}',
    resource: 'courses',
    access: permission('adminCourses', 'edit'),
    body: strict(partialWithoutDefaults(courseInputSchema)),
    response: courseSchema,
    silent: true,
    summary: 'Update a course',
  }),
  route({
    id: 'courses.adminDelete',
    method: 'DELETE',
    path: '/admin/courses/{id}',
    resource: 'courses',
    access: permission('adminCourses', 'delete'),
    response: z.object({ _id: z.string() }),
    summary: 'Delete a course that has no booked lessons left',
  }),
  route({
    id: 'courses.list',
    method: 'GET',
    path: '/courses',
    resource: 'courses',
    access: signedIn,
    query: z.strictObject({
      ...pagingQuerySchema.shape,
      searchText: z.string().max(200).optional(),
      enrolment: z.enum(enrolments).optional(),
      deviceTimezone: timeZoneSchema.optional(),
    }),
    response: pageSchema(userCourseSchema),
    summary: "The caller's courses with their next lesson",
  }),
  route({
    id: 'courses.get',
    method: 'GET',
    path: '/courses/{id}',
    resource: 'courses',
    access: signedIn,
    query: subSectionsQuery,
    response: courseDetailSchema,
    summary: 'A course the caller belongs to, with (subSections=1) its section tree',
  }),
  route({
    id: 'courses.update',
    method: 'PUT',
    path: '/courses/{id}',
    resource: 'courses',
    access: signedIn,
    body: courseTutorUpdateSchema.strict(),
    response: courseSchema,
    silent: true,
    summary:
      "A course's PRIMARY tutor (or a course editor) changes its title, description or usual lesson length",
  }),
];

export const schedulingRoutes = [...curriculumRoutes, ...availabilityRoutes, ...courseRoutes];

export type CourseDetail = z.infer<typeof courseDetailSchema>;
export type UserCourse = z.infer<typeof userCourseSchema>;
