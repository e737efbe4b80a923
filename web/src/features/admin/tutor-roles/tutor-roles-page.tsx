import { Badge, Field, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { courseTutorFeatures } from '../../../../../shared/permissions/check';
import { summarizeLabels } from '../../../../../shared/rules/labels';
import {
  enabledFeatures,
  type TutorRole,
  type TutorRoleInput,
  type TutorRolePermissions,
  tutorFeatureLabels,
  tutorRoleInputSchema,
} from '../../../../../shared/schemas/tutor-role';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { callApi, useApi } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';

interface TutorRoleForm {
  name: string;
  permissions: TutorRolePermissions;
}

/**
 * Spec 001 "Tutor roles (admin)": what a course tutor may do on a course they are given the role on
 * (view or edit the course, add or edit sections, schedule Teams or Zoom lessons, add resources). Every
 * tenant has the default role, Editor, with every mode on; a role held by course tutors cannot be deleted.
 */
const tutorRolesResource: AdminResource<TutorRole, TutorRoleForm, TutorRoleInput> = {
  useList: (query, options) => listRead(useApi(['tutor-roles.list', { query }], options)),
  verifyDelete: (id) => callApi('tutor-roles.verifyDelete', { params: { id } }),
  delete: (id) => callApi('tutor-roles.delete', { params: { id } }),
  title: 'Tutor roles',
  label: 'tutor role',
  messages: { created: 'Tutor role created', updated: 'Tutor role updated', deleted: 'Tutor role deleted' },
  canDelete: (role) => !role.isDefault,
  columns: [
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (role) => (
        <Stack direction="row" align="center" gap="2">
          <Text fontWeight="medium">{role.name}</Text>
          {role.isDefault && <Badge size="sm">Default</Badge>}
        </Stack>
      ),
    },
    {
      key: 'permissions',
      label: 'Allows',
      render: (role) => (
        <Text fontSize="sm" color="fg.muted">
          {summarizeLabels(enabledFeatures(role.permissions).map((feature) => tutorFeatureLabels[feature])) ||
            'Nothing'}
        </Text>
      ),
    },
    {
      key: 'holders',
      label: 'Course tutors',
      render: (role) => (role.isDefault ? 'Everyone without another role' : String(role.holders ?? 0)),
    },
    { key: 'updatedAt', label: 'Updated', sortable: true, render: (role) => formatDate(role.updatedAt) },
  ],
  emptyInput: () => ({ name: '', permissions: { courseView: true } }),
  toInput: (role) => ({ name: role.name, permissions: role.permissions }),
  create: (body) => callApi('tutor-roles.create', { body }),
  update: (id, body) => callApi('tutor-roles.update', { params: { id }, body }),
  validate: (value) => {
    const parsed = tutorRoleInputSchema.safeParse(value);
    return parsed.success
      ? { ok: true, body: parsed.data }
      : { ok: false, errors: fieldErrors(parsed.error) };
  },
  renderForm: (value, onChange, errors) => (
    <Stack gap="4">
      <Field.Root invalid={!!errors.name} required>
        <Field.Label>
          Name <Field.RequiredIndicator />
        </Field.Label>
        <Input
          value={value.name}
          placeholder="Substitute"
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
        {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
      </Field.Root>
      {/* A group of its own, not a Field: a Field would name every switch with its one label. */}
      <Stack as="fieldset" gap="2">
        <Text as="legend" fontWeight="medium" mb="1">
          On a course, a tutor with this role may
        </Text>
        {courseTutorFeatures.map((feature) => (
          <Switch.Root
            key={feature}
            size="sm"
            checked={value.permissions[feature] === true}
            onCheckedChange={(e) =>
              onChange({ ...value, permissions: { ...value.permissions, [feature]: e.checked } })
            }
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{tutorFeatureLabels[feature]}</Switch.Label>
          </Switch.Root>
        ))}
      </Stack>
    </Stack>
  ),
};

export default function TutorRolesPage() {
  return <AdminListPage config={tutorRolesResource} />;
}
