import { Field, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { enumLabels } from '../../../../shared/rules/enum-labels';
import { formatDuration, lessonDurationChoices } from '../../../../shared/scheduling/durations';
import { type Course, classTypes, courseStatuses, paymentTypes } from '../../../../shared/schemas/course';
import type { Curriculum } from '../../../../shared/schemas/curriculum';
import { runtimeConfig } from '../../config/runtime-config';
import { useApi } from '../../lib/api-client';
import { SelectField } from '../select-field';
import { nameOptions } from './admin-fields';

export const statusLabels = enumLabels.courseStatus;
export const paymentTypeLabels = enumLabels.paymentType;

export function useCurricula(): Curriculum[] | undefined {
  return useApi(['curriculums.listWithGrades']).data?.docs;
}

/** The fields a course and a course template share; `status` only where the value has one (a course). */
export interface CourseFieldValues {
  title: string;
  description: string;
  curriculum: string;
  subject: string;
  grade: string;
  type: Course['type'];
  paymentType: Course['paymentType'];
  lessonDuration: number;
  status?: Course['status'];
}

/**
 * The course fields of the course and course-template dialogs: subject and grade come from the chosen
 * curriculum (changing it keeps them only where the new curriculum has them), durations from the stage.
 */
export function CourseFields<V extends CourseFieldValues>({
  value,
  onChange,
  errors,
}: {
  value: V;
  onChange: (value: V) => void;
  errors: Record<string, string>;
}) {
  const curricula = useCurricula();
  const curriculum = curricula?.find((c) => c.name === value.curriculum);
  const durations = lessonDurationChoices(runtimeConfig().stage);
  const set = <K extends keyof CourseFieldValues>(field: K, next: CourseFieldValues[K]) =>
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
      <SimpleGrid columns={{ base: 1, md: value.status === undefined ? 3 : 2 }} gap="3">
        {value.status !== undefined && (
          <SelectField
            label="Status"
            value={value.status}
            onChange={(status) => set('status', status as Course['status'])}
          >
            {courseStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          label="Class type"
          value={value.type}
          onChange={(type) => set('type', type as Course['type'])}
        >
          {classTypes.map((type) => (
            <option key={type} value={type}>
              {enumLabels.classType[type]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Payment type"
          value={value.paymentType}
          onChange={(paymentType) => set('paymentType', paymentType as Course['paymentType'])}
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
