import { Stack, Text } from '@chakra-ui/react';
import { type RateType, type RateTypeInput, rateTypeInputSchema } from '../../../../../shared/schemas/rates';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { callApi, useApi } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { emptyNamed, NamedFields, type NamedInput, namedInput, StatusBadge } from './catalogue-fields';

/** The kinds of student a one-to-one tutor rate is set for. */
const resource: AdminResource<RateType, NamedInput, RateTypeInput> = {
  useList: (query, options) =>
    listRead(useApi(['one-to-one-tutor-rate-student-types.list', { query }], options)),
  verifyDelete: (id) => callApi('one-to-one-tutor-rate-student-types.verifyDelete', { params: { id } }),
  delete: (id) => callApi('one-to-one-tutor-rate-student-types.delete', { params: { id } }),
  title: 'One-to-one tutor rate student types',
  label: 'one-to-one tutor rate student type',
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
  create: (body) => callApi('one-to-one-tutor-rate-student-types.create', { body }),
  update: (id, body) => callApi('one-to-one-tutor-rate-student-types.update', { params: { id }, body }),
  validate: (value) => {
    const parsed = rateTypeInputSchema.safeParse(value);
    return parsed.success
      ? { ok: true, body: parsed.data }
      : { ok: false, errors: fieldErrors(parsed.error) };
  },
  renderForm: (value, onChange, errors) => (
    <Stack gap="4">
      <NamedFields value={value} onChange={onChange} errors={errors} placeholder="Exam year" />
    </Stack>
  ),
};

export default function OneToOneStudentTypesPage() {
  return <AdminListPage config={resource} />;
}
