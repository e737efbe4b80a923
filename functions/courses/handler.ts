import { courseMemberRoutes } from '../../shared/routes/course-members';
import { schedulingRoutes } from '../../shared/routes/scheduling';
import { holdsReader, requireMembership, requireSelfOr, requireTutorRoleAllows } from '../access/records';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { coursesRepository } from '../repositories/courses';
import { heldTutorRole } from '../tutor-roles/repository';
import {
  addMember,
  coursesOf,
  listMembers,
  removeStudent,
  removeTutor,
  requireMember,
  studentCourses,
  updateStudent,
  updateTutor,
  verifyTutorRemoval,
} from './members';
import {
  checkCourseInput,
  courseDetail,
  deleteCourse,
  listCoursesForAdmin,
  listCoursesForUser,
  requireCourse,
  updateCourseAsMember,
} from './service';

export const handler = resourceHandler('courses', [...courseMemberRoutes, ...schedulingRoutes], {
  'courses.adminList': async ({ tenant, query }) => {
    const { curriculum, subject, grade, status, type, studentId, tutorId, ...paging } = query;
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
    respond(
      201,
      await coursesRepository.create(tenant.key, {
        ...checkCourseInput(body),
        isTrial: false,
      }),
    ),
  'courses.adminGet': async ({ tenant, params, query }) =>
    courseDetail(tenant.key, await requireCourse(tenant.key, params.id), {
      withSections: query.subSections === '1',
      audience: 'all',
      members: 'all',
    }),
  'courses.adminUpdate': async ({ tenant, params, body }) =>
    coursesRepository.update(tenant.key, params.id, checkCourseInput(body)),
  'courses.adminDelete': async ({ tenant, params }) => {
    await deleteCourse(tenant.key, params.id);
    return { _id: params.id };
  },

  'courseTutors.list': async ({ tenant, query }) => {
    const q = query;
    return listMembers(tenant.key, q.course, 'tutor', q);
  },
  'courseTutors.create': async ({ tenant, body }) => {
    const b = body;
    return respond(
      201,
      await addMember(tenant.key, {
        course: b.course,
        userId: b.tutor,
        role: 'tutor',
        type: b.type,
        ...(b.tutorRoleId ? { tutorRoleId: b.tutorRoleId } : {}),
      }),
    );
  },
  'courseTutors.update': async ({ tenant, params, body }) => updateTutor(tenant.key, params.id, body),
  'courseTutors.delete': async ({ tenant, params, query }) => {
    await removeTutor(tenant.key, params.id, query.mode);
    return { _id: params.id };
  },
  'courseTutors.verifyDelete': async ({ tenant, params }) =>
    verifyTutorRemoval(tenant.key, await requireMember(tenant.key, params.id, 'tutor')),
  'courseTutors.ofTutor': async ({ tenant, caller, params }) => {
    requireSelfOr(caller, params.tutorId, 'anyCourseDetails');
    return { docs: await coursesOf(tenant.key, params.tutorId, 'tutor') };
  },
  'courseStudents.list': async ({ tenant, query }) => {
    const q = query;
    return listMembers(tenant.key, q.course, 'student', q);
  },
  'courseStudents.create': async ({ tenant, body }) => {
    const b = body;
    return respond(
      201,
      await addMember(tenant.key, { course: b.course, userId: b.student, role: 'student', type: b.type }),
    );
  },
  'courseStudents.update': async ({ tenant, params, body }) => updateStudent(tenant.key, params.id, body),
  'courseStudents.delete': async ({ tenant, params }) => {
    await removeStudent(tenant.key, params.id);
    return { _id: params.id };
  },
  'courseStudents.ofUser': async ({ tenant, params }) => studentCourses(tenant.key, params.userId),

  'courses.list': async ({ tenant, caller, query }) => listCoursesForUser(tenant.key, caller.user._id, query),
  'courses.update': async ({ tenant, caller, params, body }) =>
    updateCourseAsMember(tenant.key, caller, params.id, body),
  'courses.get': async ({ tenant, caller, params, query }) => {
    const course = await requireCourse(tenant.key, params.id);
    const isAdmin = holdsReader(caller, 'anyCourseDetails');
    const membership = isAdmin ? undefined : await requireMembership(tenant.key, caller, course._id);
    if (membership?.role !== 'tutor') {
      return courseDetail(tenant.key, course, {
        withSections: query.subSections === '1',
        audience: isAdmin ? 'all' : 'STUDENT',
        members: 'current',
        studentId: caller.user._id,
      });
    }
    await requireTutorRoleAllows(tenant.key, membership, ['courseView']);
    const [detail, role] = await Promise.all([
      courseDetail(tenant.key, course, {
        withSections: query.subSections === '1',
        audience: 'all',
        members: 'current',
      }),
      heldTutorRole(tenant.key, membership.tutorRoleId),
    ]);
    return { ...detail, tutorRole: { _id: role._id, name: role.name, permissions: role.permissions } };
  },
});
