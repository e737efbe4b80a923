import { Button, Link as ChakraLink, HStack, IconButton, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuExternalLink, LuListTree, LuSquarePlus } from 'react-icons/lu';
import { generatePath, Link, useSearchParams } from 'react-router-dom';
import { enumLabels } from '../../../../../shared/rules/enum-labels';
import { formatDuration } from '../../../../../shared/scheduling/durations';
import { type CourseTemplate, courseTemplateSortKeys } from '../../../../../shared/schemas/course-template';
import {
  type AdminListOptions,
  AdminListPage,
  type AdminListQuery,
  type AdminResource,
  type ListControls,
  listRead,
} from '../../../components/admin/admin-list-page';
import { catalogueFilters } from '../../../components/admin/catalogue-filters';
import { paths } from '../../../config/paths';
import { callApi, useApi } from '../../../lib/api-client';
import { choiceOf } from '../../../lib/choice';
import { formatDate } from '../../../lib/format';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { CreateCourseDialog } from './create-course-dialog';
import { OutlineDialog } from './outline-dialog';
import {
  emptyTemplate,
  type TemplateBody,
  TemplateForm,
  type TemplateFormValue,
  templateToForm,
  useCurricula,
  validateTemplate,
} from './template-form';

/** A template's row actions: edit its outline, and make a course from it. */
function TemplateRowActions({
  template,
  list,
}: {
  template: CourseTemplate;
  list: ListControls<CourseTemplate>;
}) {
  const session = useSession();
  const [open, setOpen] = useState<'outline' | 'course' | undefined>();
  return (
    <>
      {canCall(session?.user, 'course-templates.update') && (
        <IconButton
          aria-label="Edit outline"
          title="Edit outline"
          size="xs"
          variant="ghost"
          onClick={() => setOpen('outline')}
        >
          <LuListTree />
        </IconButton>
      )}
      {canCall(session?.user, 'course-templates.createCourse') && (
        <IconButton
          aria-label="Create course from template"
          title="Create course from template"
          size="xs"
          variant="ghost"
          onClick={() => setOpen('course')}
        >
          <LuSquarePlus />
        </IconButton>
      )}
      {open === 'outline' && (
        <OutlineDialog
          template={template}
          onClose={() => setOpen(undefined)}
          onSaved={(saved) => {
            setOpen(undefined);
            list.replace(saved);
          }}
        />
      )}
      {open === 'course' && <CreateCourseDialog template={template} onClose={() => setOpen(undefined)} />}
    </>
  );
}

/**
 * The list read of the templates, or of those saved from one course: the list page's `useList` hook. Only
 * the template fields sort (the sortable columns' keys).
 */
const templatesList = (courseId: string | undefined) =>
  function useTemplates(query: AdminListQuery, options: AdminListOptions) {
    const sortKey = choiceOf(courseTemplateSortKeys, query.sortKey ?? '');
    return listRead(useApi(['course-templates.list', { query: { ...query, sortKey, courseId } }], options));
  };

/** The list, create and update of templates; the page adds the list's course and the delete. */
const templatesResource: Omit<AdminResource<CourseTemplate, TemplateFormValue, TemplateBody>, 'useList'> = {
  title: 'Course templates',
  label: 'course template',
  messages: {
    created: 'Course Template Saved!',
    updated: 'Course Template Updated!',
    deleted: 'Course Template Deleted!',
  },
  columns: [
    {
      key: 'title',
      label: 'Title',
      sortable: true,
      render: (template) => <Text fontWeight="medium">{template.title}</Text>,
    },
    { key: 'curriculum', label: 'Curriculum', sortable: true, render: (template) => template.curriculum },
    { key: 'subject', label: 'Subject', sortable: true, render: (template) => template.subject },
    { key: 'grade', label: 'Grade', sortable: true, render: (template) => template.grade },
    { key: 'type', label: 'Class type', render: (template) => enumLabels.classType[template.type] },
    { key: 'lessonDuration', label: 'Lesson', render: (template) => formatDuration(template.lessonDuration) },
    {
      key: 'sectionCount',
      label: 'Outline',
      sortable: true,
      render: (template) => `${template.sectionCount} section${template.sectionCount === 1 ? '' : 's'}`,
    },
    {
      key: 'courseId',
      label: 'From course',
      render: (template) =>
        template.courseId ? (
          <ChakraLink asChild variant="underline" fontSize="sm">
            <Link to={generatePath(paths.adminCourse, { courseId: template.courseId })}>
              Open <LuExternalLink />
            </Link>
          </ChakraLink>
        ) : (
          '-'
        ),
    },
    {
      key: 'updatedAt',
      label: 'Updated',
      sortable: true,
      render: (template) => formatDate(template.updatedAt),
    },
  ],
  rowActions: (template, list) => <TemplateRowActions template={template} list={list} />,
  emptyInput: emptyTemplate,
  toInput: templateToForm,
  validate: validateTemplate,
  create: (body) => callApi('course-templates.create', { body }),
  update: (id, body) => callApi('course-templates.update', { params: { id }, body }),
  renderForm: (value, onChange, errors) => <TemplateForm value={value} onChange={onChange} errors={errors} />,
};

/**
 * Course templates (spec 001 sections 3 and 7): the list with curriculum, subject and grade filters, and
 * `?courseId=` for the templates saved from one course.
 */
export default function CourseTemplatesPage() {
  const session = useSession();
  const curricula = useCurricula();
  const [searchParams, setSearchParams] = useSearchParams();
  const courseId = searchParams.get('courseId') ?? undefined;
  const canDelete = canCall(session?.user, 'course-templates.delete');
  const config = useMemo<AdminResource<CourseTemplate, TemplateFormValue, TemplateBody>>(
    () => ({
      ...templatesResource,
      useList: templatesList(courseId),
      ...(canDelete
        ? { delete: (id: string) => callApi('course-templates.delete', { params: { id } }) }
        : {}),
      filters: catalogueFilters(curricula),
    }),
    [curricula, courseId, canDelete],
  );
  return (
    <>
      {courseId && (
        <HStack mb="3" gap="2" fontSize="sm">
          <Text color="fg.muted">Showing the templates saved from one course.</Text>
          <Button
            variant="plain"
            size="sm"
            textDecoration="underline"
            onClick={() => {
              searchParams.delete('courseId');
              setSearchParams(searchParams);
            }}
          >
            Show all templates
          </Button>
        </HStack>
      )}
      <AdminListPage key={courseId ?? 'all'} config={config} />
    </>
  );
}
