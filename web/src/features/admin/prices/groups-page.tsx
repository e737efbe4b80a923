import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { type Group, groupInputSchema } from '../../../../../shared/schemas/price-catalogue';
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

/** Spec 002 "Plans and groups": the students a plan is offered to; every school has the Default Group. */
const groupsResource: AdminResource<Group, NamedInput, ReturnType<typeof groupInputSchema.parse>> = {
  useList: (query, options) => listRead(useApi(['groups.list', { query }], options)),
  verifyDelete: (id) => callApi('groups.verifyDelete', { params: { id } }),
  delete: (id) => callApi('groups.delete', { params: { id } }),
  title: 'Groups',
  label: 'group',
  messages: { created: 'Group created!', updated: 'Group updated!', deleted: 'Group deleted!' },
  canDelete: (group) => !group.isDefault,
  filters: [statusFilter('status')],
  columns: [
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (group) => (
        <Stack gap="0">
          <HStack gap="2">
            <Text fontWeight="medium">{group.name}</Text>
            {group.isDefault && <Badge size="sm">Default</Badge>}
          </HStack>
          {group.description && (
            <Text fontSize="sm" color="fg.muted" lineClamp={1}>
              {group.description}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'plans', label: 'Plans', render: (group) => String(group.plans ?? 0) },
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (group) => <StatusBadge status={group.status} />,
    },
    { key: 'updatedAt', label: 'Updated', sortable: true, render: (group) => formatDate(group.updatedAt) },
  ],
  emptyInput: emptyNamed,
  toInput: namedInput,
  create: (body) => callApi('groups.create', { body }),
  update: (id, body) => callApi('groups.update', { params: { id }, body }),
  validate: (value) => {
    const parsed = groupInputSchema.safeParse(value);
    return parsed.success
      ? { ok: true, body: parsed.data }
      : { ok: false, errors: fieldErrors(parsed.error) };
  },
  renderForm: (value, onChange, errors) => (
    <Stack gap="4">
      <NamedFields value={value} onChange={onChange} errors={errors} placeholder="Scholarship students" />
    </Stack>
  ),
};

export default function GroupsPage() {
  return <AdminListPage config={groupsResource} />;
}
