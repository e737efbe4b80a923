import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { type Course, type CourseInput, courseInputSchema } from '../../../../../shared/schemas/course';
import { CourseFields } from '../../../components/admin/course-fields';
import { offeredOptions } from '../../../components/admin/offered-options';
import { RateScopePicker } from '../../../components/admin/rate-scope-fields';
import { apiKey, useApi } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';

export { paymentTypeLabels, statusLabels, useCurricula } from '../../../components/admin/course-fields';

/**
 * The create/edit form: the shared course fields, with status, and a group course's tutor rate course type
 * (the kind its lessons are rated as; a one-to-one course's lessons go by their student's type, so it has
 * none, leaving Group clears it and the server refuses one). Only ACTIVE types are offered.
 */
export function CourseForm({
  value,
  onChange,
  errors,
}: {
  value: CourseInput;
  onChange: (value: CourseInput) => void;
  errors: Record<string, string>;
}) {
  const isGroup = value.type === 'Group';
  const courseTypes = useApi(isGroup ? apiKey('group-tutor-rate-course-types.dropdown') : null);
  // The type the course held when the form opened: still shown if it was taken off offer (inactive) since.
  const [held] = useState(value.rateCourseType ?? '');
  const options = offeredOptions(courseTypes.data?.docs ?? [], held, 'Current type (no longer offered)');
  return (
    <Stack gap="4">
      <CourseFields
        value={value}
        onChange={(next) => onChange(next.type === 'Group' ? next : { ...next, rateCourseType: '' })}
        errors={errors}
      />
      {isGroup && (
        <RateScopePicker
          label="Tutor rate course type"
          placeholder="None (rates for any course type)"
          options={options}
          value={value.rateCourseType ?? ''}
          onChange={(rateCourseType) => onChange({ ...value, rateCourseType })}
          error={errors.rateCourseType}
        />
      )}
    </Stack>
  );
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
    rateCourseType: course.rateCourseType ?? '',
  };
}

export function validateCourse(
  value: CourseInput,
): { ok: true; body: CourseInput } | { ok: false; errors: Record<string, string> } {
  const parsed = courseInputSchema.safeParse(value);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
