import { Badge, IconButton, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { enumLabels, enumOptions } from '../../../../../shared/rules/enum-labels';
import { formatDuration } from '../../../../../shared/scheduling/durations';
import {
  type Course,
  type CourseInput,
  classTypes,
  courseStatuses,
} from '../../../../../shared/schemas/course';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { catalogueFilters } from '../../../components/admin/catalogue-filters';
import { personFilter } from '../../../components/admin/person-picker';
import { adminCoursePath } from '../../../config/course-paths';
import { paths } from '../../../config/paths';
import { callApi, useApi } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import {
  CourseForm,
  courseToInput,
  paymentTypeLabels,
  statusLabels,
  useCurricula,
  validateCourse,
} from './course-form';
import { SaveAsTemplateButton } from './save-as-template';

const coursesResource: AdminResource<Course, CourseInput, CourseInput> = {
  useList: (query, options) => listRead(useApi(['courses.adminList', { query }], options)),
  delete: (id) => callApi('courses.adminDelete', { params: { id } }),
  title: 'Courses',
  label: 'course',
  messages: { created: 'Course Created', updated: 'Course Updated', deleted: 'Course Deleted' },
  // Decision (spec 000 s2 / 001 s2): for an admin "that course's page" is the back-office course page, and "the courses list" is /admin/courses.
  createdPath: (course) => adminCoursePath(course._id),
  deletedPath: paths.adminCourses,
  columns: [
    {
      key: 'title',
      label: 'Title',
      sortable: true,
      render: (course) => (
        <Stack direction="row" align="center" gap="2">
          <Text fontWeight="medium">{course.title}</Text>
          {course.isTrial && (
            <Badge size="sm" colorPalette="purple">
              Trial
            </Badge>
          )}
        </Stack>
      ),
    },
    { key: 'curriculum', label: 'Curriculum', render: (course) => course.curriculum },
    { key: 'subject', label: 'Subject', sortable: true, render: (course) => course.subject },
    { key: 'grade', label: 'Grade', render: (course) => course.grade },
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (course) => (
        <Badge size="sm" colorPalette={course.status === 'ACTIVE' ? 'green' : 'gray'}>
          {statusLabels[course.status]}
        </Badge>
      ),
    },
    { key: 'type', label: 'Class type', render: (course) => enumLabels.classType[course.type] },
    { key: 'paymentType', label: 'Payment', render: (course) => paymentTypeLabels[course.paymentType] },
    { key: 'lessonDuration', label: 'Lesson', render: (course) => formatDuration(course.lessonDuration) },
    { key: 'updatedAt', label: 'Updated', sortable: true, render: (course) => formatDate(course.updatedAt) },
  ],
  rowActions: (course) => (
    <>
      <IconButton asChild aria-label="Open course" title="Open course" size="xs" variant="ghost">
        <Link to={adminCoursePath(course._id)}>
          <LuExternalLink />
        </Link>
      </IconButton>
      <SaveAsTemplateButton course={course} />
    </>
  ),
  emptyInput: () => ({
    title: '',
    description: '',
    curriculum: '',
    subject: '',
    grade: '',
    status: 'DRAFT',
    type: 'One-to-One',
    paymentType: 'ONETIME',
    lessonDuration: 60,
  }),
  toInput: courseToInput,
  validate: validateCourse,
  create: (body) => callApi('courses.adminCreate', { body }),
  update: (id, body) => callApi('courses.adminUpdate', { params: { id }, body }),
  renderForm: (value, onChange, errors) => <CourseForm value={value} onChange={onChange} errors={errors} />,
};

/** Spec 001 section 7: GET /admin/courses with searchText, curriculum, subject, grade, studentId, tutorId, status and type. */
export default function AdminCoursesPage() {
  const curricula = useCurricula();
  const config = useMemo<AdminResource<Course, CourseInput, CourseInput>>(
    () => ({
      ...coursesResource,
      filters: [
        ...catalogueFilters(curricula),
        personFilter('studentId', 'Student', 'student'),
        personFilter('tutorId', 'Tutor', 'tutor'),
        {
          key: 'status',
          label: 'Status',
          options: enumOptions(courseStatuses, enumLabels.courseStatus),
        },
        {
          key: 'type',
          label: 'Class type',
          options: enumOptions(classTypes, enumLabels.classType),
        },
      ],
    }),
    [curricula],
  );
  return <AdminListPage config={config} />;
}
