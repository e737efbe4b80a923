import { Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { type CourseTemplate, outlineInputSchema } from '../../../../../shared/schemas/course-template';
import { FormDialog } from '../../../components/form-dialog';
import { callApi, useApi } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toaster';
import { draftFromOutline, type OutlineDraftNode, outlineBody, templateErrors } from './outline-draft';
import { OutlineEditor } from './outline-editor';

/** Reads a template's outline (isSectionsAllowed=1), edits it and saves it as a whole. */
export function OutlineDialog({
  template,
  onClose,
  onSaved,
}: {
  template: CourseTemplate;
  onClose: () => void;
  onSaved: (saved: CourseTemplate) => void;
}) {
  const { data } = useApi([
    'course-templates.get',
    { params: { id: template._id }, query: { isSectionsAllowed: '1' } },
  ]);
  const [outline, setOutline] = useState<OutlineDraftNode[] | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (data && !outline) setOutline(draftFromOutline(data.sections ?? []));
  }, [data, outline]);

  const save = async () => {
    if (!outline) return;
    const parsed = outlineInputSchema.safeParse(outlineBody(outline));
    if (!parsed.success) {
      // Same keys as the template form's errors (`sections.0.title`).
      setErrors(
        templateErrors(parsed.error.issues.map((issue) => ({ ...issue, path: ['sections', ...issue.path] }))),
      );
      return;
    }
    setBusy(true);
    try {
      const saved = await callApi('course-templates.update', {
        params: { id: template._id },
        body: { sections: parsed.data },
      });
      toastSuccess('Course Template Updated!');
      onSaved(saved);
    } catch {
      // Toasted by the API client; the dialog keeps the edits.
      setBusy(false);
    }
  };

  return (
    <FormDialog
      onClose={onClose}
      size="lg"
      title={`Outline of ${template.title}`}
      onSave={save}
      busy={busy}
      saveLabel="Save outline"
      saveDisabled={!outline}
    >
      {outline ? (
        <OutlineEditor value={outline} onChange={setOutline} errors={errors} />
      ) : (
        <Text color="fg.muted">Loading the outline…</Text>
      )}
    </FormDialog>
  );
}
