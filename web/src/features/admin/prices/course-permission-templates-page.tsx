import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { summarizeLabels } from '../../../../../shared/rules/labels';
import {
  type CoursePermissionTemplate,
  courseFeatures,
  coursePermissionTemplateInputSchema,
} from '../../../../../shared/schemas/price-catalogue';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { callApi, useApi } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import {
  emptyNamed,
  NamedFields,
  type NamedInput,
  namedInput,
  StatusBadge,
  statusFilter,
} from './catalogue-fields';

type Feature = (typeof courseFeatures)[number];
const featureLabels: Record<Feature, string> = {
  view: 'See the course',
  courseChat: 'Course chat',
  courseCall: 'Course call',
  classBooking: 'Book classes',
  studentName: "See students' names",
  tutorName: "See tutors' names",
  courseTopup: 'Top up the course',
};

interface TemplateForm extends NamedInput {
  permissions: Feature[];
}

const resource: AdminResource<
  CoursePermissionTemplate,
  TemplateForm,
  ReturnType<typeof coursePermissionTemplateInputSchema.parse>
> = {
  useList: (query, options) => listRead(useApi(['course-permission-templates.list', { query }], options)),
  verifyDelete: (id) => callApi('course-permission-templates.verifyDelete', { params: { id } }),
  delete: (id) => callApi('course-permission-templates.delete', { params: { id } }),
  title: 'Course permission templates',
  label: 'course permission template',
  messages: {
    created: 'Course permission template created!',
    updated: 'Course permission template updated!',
    deleted: 'Course permission template deleted!',
  },
  filters: [statusFilter('status')],
  columns: [
    { key: 'name', label: 'Name', sortable: true, render: (t) => <Text fontWeight="medium">{t.name}</Text> },
    {
      key: 'permissions',
      label: 'Students may',
      render: (t) => (
        <Text fontSize="sm" color="fg.muted">
          {summarizeLabels(t.permissions.map((feature) => featureLabels[feature])) || 'Nothing'}
        </Text>
      ),
    },
    { key: 'status', label: 'Status', sortable: true, render: (t) => <StatusBadge status={t.status} /> },
    { key: 'updatedAt', label: 'Updated', sortable: true, render: (t) => formatDate(t.updatedAt) },
  ],
  emptyInput: () => ({ ...emptyNamed(), permissions: ['view'] }),
  toInput: (t) => ({ ...namedInput(t), permissions: t.permissions }),
  create: (body) => callApi('course-permission-templates.create', { body }),
  update: (id, body) => callApi('course-permission-templates.update', { params: { id }, body }),
  validate: (value) => {
    const parsed = coursePermissionTemplateInputSchema.safeParse(value);
    return parsed.success
      ? { ok: true, body: parsed.data }
      : { ok: false, errors: fieldErrors(parsed.error) };
  },
  renderForm: (value, onChange, errors) => (
    <Stack gap="4">
      <NamedFields value={value} onChange={onChange} errors={errors} placeholder="Group course students" />
      <Stack as="fieldset" gap="2">
        <Text as="legend" fontWeight="medium" mb="1">
          On a course, its students may
        </Text>
        {courseFeatures.map((feature) => (
          <Checkbox.Root
            key={feature}
            size="sm"
            checked={value.permissions.includes(feature)}
            onCheckedChange={(e) =>
              onChange({
                ...value,
                permissions: e.checked
                  ? [...value.permissions, feature]
                  : value.permissions.filter((f) => f !== feature),
              })
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{featureLabels[feature]}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </Stack>
  ),
};

export default function CoursePermissionTemplatesPage() {
  return <AdminListPage config={resource} />;
}
