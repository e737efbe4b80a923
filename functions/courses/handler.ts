import type { CourseInput } from '../../shared/schemas/course';
import type { ListQuery } from '../../shared/schemas/paging';
import { callerHolds } from '../lib/access';
import { resourceHandler, withCaller } from '../lib/pipeline';
import { respond } from '../lib/request';
import { coursesRepository } from '../repositories/courses';
import {
  type AdminCourseFilters,
  courseDetail,
  deleteCourse,
  listCoursesForAdmin,
  listCoursesForUser,
  requireCourse,
  requireMembership,
} from './service';

type SubSectionsQuery = { subSections?: '0' | '1' };

export const handler = resourceHandler('courses', {
  'courses.adminList': async ({ tenant, query }) => {
    const { curriculum, subject, grade, status, type, studentId, tutorId, ...paging } = query as ListQuery &
      AdminCourseFilters;
    return listCoursesForAdmin(tenant.key, paging, {
      curriculum,
      subject,
      grade,
      status,
      type,
      studentId,
      tutorId,
    });
  },
  'courses.adminCreate': async ({ tenant, body }) =>
    respond(201, await coursesRepository.create(tenant.key, { ...(body as CourseInput), isTrial: false })),
  'courses.adminGet': async ({ tenant, params, query }) =>
    courseDetail(tenant.key, await requireCourse(tenant.key, params.id!), {
      withSections: (query as SubSectionsQuery).subSections === '1',
      audience: 'all',
    }),
  'courses.adminUpdate': async ({ tenant, params, body }) =>
    coursesRepository.update(tenant.key, params.id!, body as Partial<CourseInput>),
  'courses.adminDelete': async ({ tenant, params }) => {
    await deleteCourse(tenant.key, params.id!);
    return { _id: params.id! };
  },

  'courses.list': withCaller(async ({ tenant, caller, query }) =>
    listCoursesForUser(tenant.key, caller.user._id, query as Parameters<typeof listCoursesForUser>[2]),
  ),
  'courses.get': withCaller<SubSectionsQuery, unknown>(async ({ tenant, caller, params, query }) => {
    const course = await requireCourse(tenant.key, params.id!);
    const isAdmin = callerHolds(caller, ['adminCourses'], ['view']);
    const membership = isAdmin ? undefined : await requireMembership(tenant.key, caller, course._id);
    return courseDetail(tenant.key, course, {
      withSections: query.subSections === '1',
      audience: isAdmin || membership?.role === 'tutor' ? 'all' : 'STUDENT',
    });
  }),
});
