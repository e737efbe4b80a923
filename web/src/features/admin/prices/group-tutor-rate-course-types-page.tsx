import { Stack, Text } from '@chakra-ui/react';
import { type RateType, type RateTypeInput, rateTypeInputSchema } from '../../../../../shared/schemas/rates';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { callApi, useApi } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { emptyNamed, NamedFields, type NamedInput, namedInput, StatusBadge } from './catalogue-fields';

/** The kinds of group course a group tutor rate is set for. */
const resource: AdminResource<RateType, NamedInput, RateTypeInput> = {
  useList: (query, options) => listRead(useApi(['group-tutor-rate-course-types.list', { query }], options)),
  verifyDelete: (id) => callApi('group-tutor-rate-course-types.verifyDelete', { params: { id } }),
  delete: (id) => callApi('group-tutor-rate-course-types.delete', { params: { id } }),
  title: 'Group tutor rate course types',
  label: 'group tutor rate course type',
  // Spec 002 section 8: tutor rate types created / updated / deleted.
  messages: {
    created: 'Tutor rate type created!',
    updated: 'Tutor rate type updated!',
    deleted: 'Tutor rate type deleted!',
  },
  columns: [
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (type) => (
        <Stack gap="0">
          <Text fontWeight="medium">{type.name}</Text>
          {type.description && (
            <Text fontSize="sm" color="fg.muted" lineClamp={1}>
              {type.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (type) => <StatusBadge status={type.status} />,
    },
    { key: 'updatedAt', label: 'Updated', sortable: true, render: (type) => formatDate(type.updatedAt) },
  ],
  emptyInput: emptyNamed,
  toInput: namedInput,
  create: (body) => callApi('group-tutor-rate-course-types.create', { body }),
  update: (id, body) => callApi('group-tutor-rate-course-types.update', { params: { id }, body }),
  validate: (value) => {
    const parsed = rateTypeInputSchema.safeParse(value);
    return parsed.success
      ? { ok: true, body: parsed.data }
      : { ok: false, errors: fieldErrors(parsed.error) };
  },
  renderForm: (value, onChange, errors) => (
    <Stack gap="4">
      <NamedFields value={value} onChange={onChange} errors={errors} placeholder="A-level group" />
    </Stack>
  ),
};

export default function GroupCourseTypesPage() {
  return <AdminListPage config={resource} />;
}
