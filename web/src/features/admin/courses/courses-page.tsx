import { Badge, Field, IconButton, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { formatDuration, lessonDurationChoices } from '../../../../../shared/scheduling/durations';
import {
  type Course,
  type CourseInput,
  classTypes,
  courseInputSchema,
  courseStatuses,
  paymentTypes,
} from '../../../../../shared/schemas/course';
import type { Curriculum } from '../../../../../shared/schemas/curriculum';
import { nameOptions, SelectField } from '../../../components/admin/admin-fields';
import { AdminListPage, type AdminResource } from '../../../components/admin/admin-list-page';
import { paths } from '../../../config/paths';
import { runtimeConfig } from '../../../config/runtime-config';
import { useApi } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';

const statusLabels: Record<Course['status'], string> = { ACTIVE: 'Active', DRAFT: 'Draft' };
const paymentTypeLabels: Record<Course['paymentType'], string> = {
  ONETIME: 'One-time',
  SUBSCRIPTION: 'Subscription',
  CREDIT: 'Credit',
};

const coursePath = (courseId: string) => `${paths.portalCourses}/${courseId}`;

function useCurricula(): Curriculum[] | undefined {
  return useApi<{ docs: Curriculum[] }>(['curriculums.listWithGrades']).data?.docs;
}

/** The create/edit form: subject and grade come from the chosen curriculum. */
function CourseForm({
  value,
  onChange,
  errors,
}: {
  value: CourseInput;
  onChange: (value: CourseInput) => void;
  errors: Record<string, string>;
}) {
  const curricula = useCurricula();
  const curriculum = curricula?.find((c) => c.name === value.curriculum);
  const durations = lessonDurationChoices(runtimeConfig().stage);
  const set = <K extends keyof CourseInput>(field: K, next: CourseInput[K]) =>
    onChange({ ...value, [field]: next });
  const chooseCurriculum = (name: string) => {
    const next = curricula?.find((c) => c.name === name);
    onChange({
      ...value,
      curriculum: name,
      subject: next?.subjects.some((s) => s.name === value.subject) ? value.subject : '',
      grade: next?.grades.includes(value.grade) ? value.grade : '',
    });
  };
  return (
    <Stack gap="4">
      <Field.Root invalid={!!errors.title} required>
        <Field.Label>
          Title <Field.RequiredIndicator />
        </Field.Label>
        <Input value={value.title} onChange={(e) => set('title', e.target.value)} />
        {errors.title && <Field.ErrorText>{errors.title}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={!!errors.description}>
        <Field.Label>Description</Field.Label>
        <Textarea rows={3} value={value.description} onChange={(e) => set('description', e.target.value)} />
        {errors.description && <Field.ErrorText>{errors.description}</Field.ErrorText>}
      </Field.Root>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <SelectField
          label="Curriculum"
          required
          placeholder="Select curriculum"
          value={value.curriculum}
          error={errors.curriculum}
          onChange={chooseCurriculum}
        >
          {nameOptions(
            (curricula ?? []).map((c) => c.name),
            value.curriculum,
          )}
        </SelectField>
        <SelectField
          label="Subject"
          required
          placeholder="Select subject"
          value={value.subject}
          error={errors.subject}
          disabled={!value.curriculum}
          onChange={(subject) => set('subject', subject)}
        >
          {nameOptions(
            (curriculum?.subjects ?? []).map((s) => s.name),
            value.subject,
          )}
        </SelectField>
        <SelectField
          label="Grade"
          required
          placeholder="Select grade"
          value={value.grade}
          error={errors.grade}
          disabled={!value.curriculum}
          onChange={(grade) => set('grade', grade)}
        >
          {nameOptions(curriculum?.grades ?? [], value.grade)}
        </SelectField>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <SelectField
          label="Status"
          value={value.status}
          onChange={(status) => set('status', status as CourseInput['status'])}
        >
          {courseStatuses.map((status) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Class type"
          value={value.type}
          onChange={(type) => set('type', type as CourseInput['type'])}
        >
          {classTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Payment type"
          value={value.paymentType}
          onChange={(paymentType) => set('paymentType', paymentType as CourseInput['paymentType'])}
        >
          {paymentTypes.map((type) => (
            <option key={type} value={type}>
              {paymentTypeLabels[type]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Lesson duration"
          value={String(value.lessonDuration)}
          error={errors.lessonDuration}
          onChange={(minutes) => set('lessonDuration', Number(minutes))}
        >
          {(durations.includes(value.lessonDuration) ? durations : [value.lessonDuration, ...durations]).map(
            (minutes) => (
              <option key={minutes} value={minutes}>
                {formatDuration(minutes)}
              </option>
            ),
          )}
        </SelectField>
      </SimpleGrid>
    </Stack>
  );
}

const coursesResource: AdminResource<Course, CourseInput> = {
  resource: 'courses',
  routes: {
    list: 'courses.adminList',
    create: 'courses.adminCreate',
    update: 'courses.adminUpdate',
    delete: 'courses.adminDelete',
    verifyDelete: false,
  },
  title: 'Courses',
  label: 'course',
  messages: { created: 'Course Created', updated: 'Course Updated', deleted: 'Course Deleted' },
  // Spec 001 section 2: a new course opens its page; a deleted one leaves the admin on the list.
  createdPath: (course) => coursePath(course._id),
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
    { key: 'type', label: 'Class type', render: (course) => course.type },
    { key: 'paymentType', label: 'Payment', render: (course) => paymentTypeLabels[course.paymentType] },
    { key: 'lessonDuration', label: 'Lesson', render: (course) => formatDuration(course.lessonDuration) },
    { key: 'updatedAt', label: 'Updated', sortable: true, render: (course) => formatDate(course.updatedAt) },
  ],
  rowActions: (course) => (
    <IconButton asChild aria-label="Open course" title="Open course" size="xs" variant="ghost">
      <Link to={coursePath(course._id)}>
        <LuExternalLink />
      </Link>
    </IconButton>
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
  toInput: (course) => ({
    title: course.title,
    description: course.description,
    curriculum: course.curriculum,
    subject: course.subject,
    grade: course.grade,
    status: course.status,
    type: course.type,
    paymentType: course.paymentType,
    lessonDuration: course.lessonDuration,
  }),
  validate: (value) => {
    const parsed = courseInputSchema.safeParse(value);
    return parsed.success
      ? { ok: true, body: parsed.data }
      : { ok: false, errors: fieldErrors(parsed.error) };
  },
  renderForm: (value, onChange, errors) => <CourseForm value={value} onChange={onChange} errors={errors} />,
};

export default function AdminCoursesPage() {
  const curricula = useCurricula();
  const config = useMemo<AdminResource<Course, CourseInput>>(
    () => ({
      ...coursesResource,
      filters: [
        {
          key: 'curriculum',
          label: 'Curriculum',
          options: (curricula ?? []).map((c) => ({ value: c.name, label: c.name })),
        },
        {
          key: 'status',
          label: 'Status',
          options: courseStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
        },
        {
          key: 'type',
          label: 'Class type',
          options: classTypes.map((type) => ({ value: type, label: type })),
        },
      ],
    }),
    [curricula],
  );
  return <AdminListPage config={config} />;
}
