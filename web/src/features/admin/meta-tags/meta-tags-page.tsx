import { Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { type MetaTag, type MetaTagInput, metaTagInputSchema } from '../../../../../shared/schemas/meta-tag';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { callApi, useApi } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';

interface MetaTagForm {
  path: string;
  title: string;
  description: string;
}

const metaTagsResource: AdminResource<MetaTag, MetaTagForm, MetaTagInput> = {
  useList: (query, options) => listRead(useApi(['meta-tags.list', { query }], options)),
  delete: (id) => callApi('meta-tags.delete', { params: { id } }),
  title: 'Meta tags',
  label: 'meta tag',
  // Spec 001 section 8.
  messages: { created: 'MetaTag created!', updated: 'MetaTag updated!', deleted: 'MetaTag deleted!' },
  columns: [
    {
      key: 'path',
      label: 'Path',
      sortable: true,
      render: (tag) => (
        <Text fontFamily="mono" fontSize="sm">
          {tag.path}
        </Text>
      ),
    },
    { key: 'title', label: 'Title', sortable: true, render: (tag) => tag.title },
    {
      key: 'description',
      label: 'Description',
      render: (tag) => (
        <Text fontSize="sm" color="fg.muted" lineClamp={2} maxW="sm">
          {tag.description || '-'}
        </Text>
      ),
    },
    { key: 'updatedAt', label: 'Updated', sortable: true, render: (tag) => formatDate(tag.updatedAt) },
  ],
  emptyInput: () => ({ path: '', title: '', description: '' }),
  toInput: (tag) => ({ path: tag.path, title: tag.title, description: tag.description }),
  create: (body) => callApi('meta-tags.create', { body }),
  update: (id, body) => callApi('meta-tags.update', { params: { id }, body }),
  validate: (value) => {
    const parsed = metaTagInputSchema.safeParse(value);
    return parsed.success
      ? { ok: true, body: parsed.data }
      : { ok: false, errors: fieldErrors(parsed.error) };
  },
  renderForm: (value, onChange, errors) => (
    <Stack gap="4">
      <Field.Root invalid={!!errors.path} required>
        <Field.Label>
          Path <Field.RequiredIndicator />
        </Field.Label>
        <Input
          placeholder="/learning-portal/cambridge-igcse"
          value={value.path}
          onChange={(e) => onChange({ ...value, path: e.target.value })}
        />
        <Field.HelperText>
          The page’s address after the domain. Letters are lowercased and spaces become hyphens.
        </Field.HelperText>
        {errors.path && <Field.ErrorText>{errors.path}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={!!errors.title} required>
        <Field.Label>
          Title <Field.RequiredIndicator />
        </Field.Label>
        <Input value={value.title} onChange={(e) => onChange({ ...value, title: e.target.value })} />
        {errors.title && <Field.ErrorText>{errors.title}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={!!errors.description}>
        <Field.Label>Description</Field.Label>
        <Textarea
          rows={3}
          value={value.description}
          onChange={(e) => onChange({ ...value, description: e.target.value })}
        />
        {errors.description && <Field.ErrorText>{errors.description}</Field.ErrorText>}
      </Field.Root>
    </Stack>
  ),
};

export default function MetaTagsPage() {
  return <AdminListPage config={metaTagsResource} />;
}
