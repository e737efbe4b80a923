import { type Course, type CourseInput, courseInputSchema } from '../../../../../shared/schemas/course';
import type { Curriculum } from '../../../../../shared/schemas/curriculum';
import type { AdminFilter } from '../../../components/admin/admin-list-page';
import { CourseFields } from '../../../components/admin/course-fields';
import { fieldErrors } from '../../../lib/form-errors';

export { paymentTypeLabels, statusLabels, useCurricula } from '../../../components/admin/course-fields';

/** The create/edit form: the shared course fields, with status. */
export function CourseForm({
  value,
  onChange,
  errors,
}: {
  value: CourseInput;
  onChange: (value: CourseInput) => void;
  errors: Record<string, string>;
}) {
  return <CourseFields value={value} onChange={onChange} errors={errors} />;
}

/** The form's value of a stored course (for editing). */
export function courseToInput(course: Course): CourseInput {
  return {
    title: course.title,
    description: course.description,
    curriculum: course.curriculum,
    subject: course.subject,
    grade: course.grade,
    status: course.status,
    type: course.type,
    paymentType: course.paymentType,
    lessonDuration: course.lessonDuration,
  };
}

export function validateCourse(
  value: CourseInput,
): { ok: true; body: CourseInput } | { ok: false; errors: Record<string, string> } {
  const parsed = courseInputSchema.safeParse(value);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}

// Numeric parts compare as numbers, so Grade 6 comes before Grade 10.
const sortedUnique = (values: string[]) =>
  [...new Set(values)].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
const choices = (values: string[]) => values.map((value) => ({ value, label: value }));

/**
 * The curriculum, subject and grade filters of the course and course-template lists. Subject and grade offer
 * every curriculum's names (a filter does not depend on another filter's choice).
 */
export function catalogueFilters(curricula: Curriculum[] | undefined): AdminFilter[] {
  const all = curricula ?? [];
  return [
    { key: 'curriculum', label: 'Curriculum', options: choices(all.map((c) => c.name)) },
    {
      key: 'subject',
      label: 'Subject',
      options: choices(sortedUnique(all.flatMap((c) => c.subjects.map((s) => s.name)))),
    },
    { key: 'grade', label: 'Grade', options: choices(sortedUnique(all.flatMap((c) => c.grades))) },
  ];
}
