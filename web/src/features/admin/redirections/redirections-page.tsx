import { Badge, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { LuArrowRight } from 'react-icons/lu';
import {
  type Redirection,
  type RedirectionInput,
  redirectionInputSchema,
} from '../../../../../shared/schemas/redirection';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { SelectField } from '../../../components/select-field';
import { callApi, useApi } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';

interface RedirectionForm {
  from: string;
  to: string;
  statusCode: string;
}

const redirectionsResource: AdminResource<Redirection, RedirectionForm, RedirectionInput> = {
  useList: (query, options) => listRead(useApi(['redirections.list', { query }], options)),
  delete: (id) => callApi('redirections.delete', { params: { id } }),
  title: 'Redirections',
  label: 'redirection',
  messages: {
    created: 'Redirection created!',
    updated: 'Redirection updated!',
    deleted: 'Redirection deleted!',
  },
  columns: [
    {
      key: 'from',
      label: 'From',
      sortable: true,
      render: (r) => (
        <HStack gap="2">
          <Text fontFamily="mono" fontSize="sm">
            {r.from}
          </Text>
          <LuArrowRight aria-hidden />
        </HStack>
      ),
    },
    {
      key: 'to',
      label: 'To',
      sortable: true,
      render: (r) => (
        <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
          {r.to}
        </Text>
      ),
    },
    {
      key: 'statusCode',
      label: 'Type',
      sortable: true,
      render: (r) => (
        <Badge colorPalette={r.statusCode === 301 ? 'teal' : 'orange'}>
          {r.statusCode === 301 ? '301 Permanent' : '302 Temporary'}
        </Badge>
      ),
    },
    { key: 'updatedAt', label: 'Updated', sortable: true, render: (r) => formatDate(r.updatedAt) },
  ],
  emptyInput: () => ({ from: '', to: '', statusCode: '301' }),
  toInput: (r) => ({ from: r.from, to: r.to, statusCode: String(r.statusCode) }),
  create: (body) => callApi('redirections.create', { body }),
  update: (id, body) => callApi('redirections.update', { params: { id }, body }),
  validate: (value) => {
    const parsed = redirectionInputSchema.safeParse({ ...value, statusCode: Number(value.statusCode) });
    return parsed.success
      ? { ok: true, body: parsed.data }
      : { ok: false, errors: fieldErrors(parsed.error) };
  },
  renderForm: (value, onChange, errors) => (
    <Stack gap="4">
      <Field.Root invalid={!!errors.from} required>
        <Field.Label>
          From path <Field.RequiredIndicator />
        </Field.Label>
        <Input
          placeholder="/old-page"
          value={value.from}
          onChange={(e) => onChange({ ...value, from: e.target.value })}
        />
        <Field.HelperText>
          The address after the domain that should move. Letters are lowercased and spaces become hyphens.
        </Field.HelperText>
        {errors.from && <Field.ErrorText>{errors.from}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={!!errors.to} required>
        <Field.Label>
          To <Field.RequiredIndicator />
        </Field.Label>
        <Input
          placeholder="/learning-portal/new-page or https://example.com/page"
          value={value.to}
          onChange={(e) => onChange({ ...value, to: e.target.value })}
        />
        {errors.to && <Field.ErrorText>{errors.to}</Field.ErrorText>}
      </Field.Root>
      <SelectField
        label="Type"
        value={value.statusCode}
        onChange={(statusCode) => onChange({ ...value, statusCode })}
        error={errors.statusCode}
      >
        <option value="301">301 Permanent (search engines move to the new address)</option>
        <option value="302">302 Temporary</option>
      </SelectField>
    </Stack>
  ),
};

export default function RedirectionsPage() {
  return <AdminListPage config={redirectionsResource} />;
}
