import { Separator, Stack } from '@chakra-ui/react';
import {
  type CourseTemplate,
  type CourseTemplateFields,
  type CourseTemplateInput,
  courseTemplateFieldsSchema,
  courseTemplateInputSchema,
} from '../../../../../shared/schemas/course-template';
import { CourseFields } from '../../../components/admin/course-fields';
import { type OutlineDraftNode, outlineBody, templateErrors } from './outline-draft';
import { OutlineEditor } from './outline-editor';

export { paymentTypeLabels, useCurricula } from '../../../components/admin/course-fields';

/**
 * The template dialog's value. `outline` is there when creating; an edit changes the fields only (the
 * list has no outlines) and the outline has its own dialog, so a save never overwrites it unseen.
 */
export interface TemplateFormValue extends CourseTemplateFields {
  outline?: OutlineDraftNode[];
}

export const emptyTemplate = (): TemplateFormValue => ({
  title: '',
  description: '',
  curriculum: '',
  subject: '',
  grade: '',
  type: 'One-to-One',
  paymentType: 'ONETIME',
  lessonDuration: 60,
  outline: [],
});

export const templateToForm = (template: CourseTemplate): TemplateFormValue => ({
  title: template.title,
  description: template.description,
  curriculum: template.curriculum,
  subject: template.subject,
  grade: template.grade,
  type: template.type,
  paymentType: template.paymentType,
  lessonDuration: template.lessonDuration,
});

/** What a template save sends: the fields, with the outline when creating. */
export type TemplateBody = CourseTemplateFields | CourseTemplateInput;

export function validateTemplate(
  value: TemplateFormValue,
): { ok: true; body: TemplateBody } | { ok: false; errors: Record<string, string> } {
  const { outline, ...fields } = value;
  const parsed = outline
    ? courseTemplateInputSchema.safeParse({ ...fields, sections: outlineBody(outline) })
    : courseTemplateFieldsSchema.safeParse(fields);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: templateErrors(parsed.error.issues) };
}

export function TemplateForm({
  value,
  onChange,
  errors,
}: {
  value: TemplateFormValue;
  onChange: (value: TemplateFormValue) => void;
  errors: Record<string, string>;
}) {
  return (
    <Stack gap="4">
      <CourseFields value={value} onChange={onChange} errors={errors} />
      {value.outline && (
        <>
          <Separator />
          <OutlineEditor
            value={value.outline}
            onChange={(outline) => onChange({ ...value, outline })}
            errors={errors}
          />
        </>
      )}
    </Stack>
  );
}
