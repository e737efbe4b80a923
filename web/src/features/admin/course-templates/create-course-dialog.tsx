import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { generatePath, useNavigate } from 'react-router-dom';
import type { CourseTemplate } from '../../../../../shared/schemas/course-template';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toaster';

/**
 * "Create course from template": a DRAFT course with the template's details (the title may differ) and its
 * outline as sections; then the admin goes to the new course's page (spec 001 section 2).
 */
export function CreateCourseDialog({ template, onClose }: { template: CourseTemplate; onClose: () => void }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState(template.title);
  const [busy, setBusy] = useState(false);
  const trimmed = title.trim();

  const create = async () => {
    setBusy(true);
    try {
      const course = await callApi('course-templates.createCourse', {
        params: { id: template._id },
        body: { title: trimmed },
      });
      toastSuccess('Course Created');
      navigate(generatePath(paths.adminCourse, { courseId: course._id }));
    } catch {
      // Toasted by the API client.
      setBusy(false);
    }
  };

  return (
    <FormDialog
      onClose={onClose}
      title="Create course from template"
      onSave={create}
      busy={busy}
      saveLabel="Create course"
      saveDisabled={trimmed === ''}
    >
      <Stack gap="3">
        <Text color="fg.muted" fontSize="sm">
          A draft course with this template's details and its {template.sectionCount} section
          {template.sectionCount === 1 ? '' : 's'}. Add tutors, students and lessons on the course page.
        </Text>
        <FormField
          label="Course title"
          required
          value={title}
          maxLength={160}
          onValueChange={setTitle}
          error={trimmed === '' ? 'Title is required' : undefined}
        />
      </Stack>
    </FormDialog>
  );
}
