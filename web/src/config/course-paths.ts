import { paths } from './paths';

/** The admin course page (header, section editor, tutors, students, schedule). */
export const adminCoursePath = (courseId: string) => `${paths.adminCourses}/${encodeURIComponent(courseId)}`;

/** The homework page of a course's homework section (submissions and reviews), in the portal. */
export const homeworkPath = (courseId: string, sectionId: string) =>
  `${paths.portalCourses}/${encodeURIComponent(courseId)}/homework/${encodeURIComponent(sectionId)}`;
