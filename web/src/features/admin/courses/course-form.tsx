import { type Course, type CourseInput, courseInputSchema } from '../../../../../shared/schemas/course';
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
