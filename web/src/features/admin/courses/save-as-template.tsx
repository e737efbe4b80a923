import { IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBookmarkPlus } from 'react-icons/lu';
import type { Course } from '../../../../../shared/schemas/course';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { callApi } from '../../../lib/api-client';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toaster';

/**
 * "Save as template", a row action of the admin courses list: the course's details and its sections,
 * resources and homework (not its lessons) become a new course template.
 */
export function SaveAsTemplateButton({ course }: { course: Course }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(course.title);
  const [busy, setBusy] = useState(false);
  if (!canCall(session?.user, 'course-templates.create')) return null;
  const trimmed = title.trim();

  const save = async () => {
    setBusy(true);
    try {
      await callApi('course-templates.create', { body: { courseId: course._id, title: trimmed } });
      toastSuccess('Course Template Saved!');
      setOpen(false);
    } catch {
      // Toasted by the API client (e.g. a course too large for a template).
    }
    setBusy(false);
  };

  return (
    <>
      <IconButton
        aria-label="Save as template"
        title="Save as template"
        size="xs"
        variant="ghost"
        onClick={() => {
          setTitle(course.title);
          setOpen(true);
        }}
      >
        <LuBookmarkPlus />
      </IconButton>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Save as template"
        onSave={save}
        busy={busy}
        saveLabel="Save template"
        saveDisabled={trimmed === ''}
      >
        <Stack gap="3">
          <Text color="fg.muted" fontSize="sm">
            Copies the details of “{course.title}” and its sections, resources and homework. Lessons stay with
            the course.
          </Text>
          <FormField
            label="Template title"
            required
            value={title}
            maxLength={160}
            onValueChange={setTitle}
            error={trimmed === '' ? 'Title is required' : undefined}
          />
        </Stack>
      </FormDialog>
    </>
  );
}
