import {
  Badge,
  Box,
  Checkbox,
  Field,
  Heading,
  Input,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Wrap,
} from '@chakra-ui/react';
import {
  type PermissionSet,
  permissionAreas,
  permissionCatalogue,
} from '../../../../../shared/permissions/catalogue';
import { enumLabels } from '../../../../../shared/rules/enum-labels';
import { summarizeLabels } from '../../../../../shared/rules/labels';
import { type Role, type RoleInput, roleInputSchema } from '../../../../../shared/schemas/role';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { callApi, useApi } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';

interface RoleForm {
  name: string;
  type: 'admin' | 'user';
  isGuest: boolean;
  permissions: PermissionSet;
}

/** "adminCourses" -> "Admin courses" */
const humanize = (name: string) => {
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function PermissionMatrix({
  value,
  onChange,
}: {
  value: PermissionSet;
  onChange: (value: PermissionSet) => void;
}) {
  const toggle = (area: (typeof permissionAreas)[number], action: string, on: boolean) => {
    const current = new Set(value[area] ?? []);
    if (on) current.add(action);
    else current.delete(action);
    onChange({ ...value, [area]: [...current] });
  };
  return (
    <Stack gap="4">
      {permissionAreas.map((area) => (
        <Box key={area} borderWidth="1px" rounded="md" p="3">
          <Text fontWeight="semibold" mb="2">
            {humanize(area)}
          </Text>
          <Wrap gap="3">
            {permissionCatalogue[area].map((action) => (
              <Switch.Root
                key={action}
                size="sm"
                checked={value[area]?.includes(action) ?? false}
                onCheckedChange={(e) => toggle(area, action, e.checked)}
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{humanize(action)}</Switch.Label>
              </Switch.Root>
            ))}
          </Wrap>
        </Box>
      ))}
    </Stack>
  );
}

const rolesResource: AdminResource<Role, RoleForm, RoleInput> = {
  useList: (query, options) => listRead(useApi(['roles.list', { query }], options)),
  verifyDelete: (id) => callApi('roles.verifyDelete', { params: { id } }),
  delete: (id) => callApi('roles.delete', { params: { id } }),
  title: 'Roles',
  label: 'role',
  messages: { created: 'Role created!', updated: 'Role updated!', deleted: 'Role deleted!' },
  canDelete: (role) => !role.isSystem,
  columns: [
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (role) => (
        <Stack direction="row" align="center" gap="2">
          <Text fontWeight="medium">{role.name}</Text>
          {role.isSystem && <Badge size="sm">Built-in</Badge>}
          {role.isGuest && (
            <Badge size="sm" colorPalette="orange">
              Guest
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'type',
      label: 'Type',
      sortable: true,
      render: (role) => enumLabels.roleType[role.type],
    },
    {
      key: 'permissions',
      label: 'Areas',
      render: (role) => (
        <Text fontSize="sm" color="fg.muted">
          {summarizeLabels(
            Object.entries(role.permissions)
              .filter(([, actions]) => actions.length > 0)
              .map(([area]) => humanize(area)),
          ) || '-'}
        </Text>
      ),
    },
    {
      key: 'updatedAt',
      label: 'Updated',
      sortable: true,
      render: (role) => formatDate(role.updatedAt),
    },
  ],
  emptyInput: () => ({ name: '', type: 'user', isGuest: false, permissions: {} }),
  toInput: (role) => ({
    name: role.name,
    type: role.type,
    isGuest: role.isGuest,
    permissions: role.permissions,
  }),
  create: (body) => callApi('roles.create', { body }),
  update: (id, body) => callApi('roles.update', { params: { id }, body }),
  validate: (value) => {
    const parsed = roleInputSchema.safeParse(value);
    return parsed.success
      ? { ok: true, body: parsed.data }
      : { ok: false, errors: fieldErrors(parsed.error) };
  },
  renderForm: (value, onChange, errors, editing) => (
    <Stack gap="4">
      <Field.Root invalid={!!errors.name} required>
        <Field.Label>
          Name <Field.RequiredIndicator />
        </Field.Label>
        <Input value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} />
        {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
      </Field.Root>
      {/* A role's type is chosen once: the accounts holding it, and the school's count of admins, follow it. */}
      <Field.Root disabled={editing !== undefined}>
        <Field.Label>Type</Field.Label>
        <NativeSelect.Root disabled={editing !== undefined}>
          <NativeSelect.Field
            value={value.type}
            onChange={(e) => onChange({ ...value, type: e.target.value as RoleForm['type'] })}
          >
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {editing !== undefined && (
          <Field.HelperText>
            Set when the role was created: make a new role for the other type.
          </Field.HelperText>
        )}
      </Field.Root>
      <Checkbox.Root
        checked={value.isGuest}
        onCheckedChange={(e) => onChange({ ...value, isGuest: e.checked === true })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Guest role (no notifications, no chat)</Checkbox.Label>
      </Checkbox.Root>
      <Heading size="sm">Permissions</Heading>
      {errors.permissions && <Text color="red.600">{errors.permissions}</Text>}
      <PermissionMatrix
        value={value.permissions}
        onChange={(permissions) => onChange({ ...value, permissions })}
      />
    </Stack>
  ),
};

export default function RolesPage() {
  return <AdminListPage config={rolesResource} />;
}
