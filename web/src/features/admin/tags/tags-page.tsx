import { Badge, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { type Tag, tagInputSchema } from '../../../../../shared/schemas/learning-data';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { FormField } from '../../../components/form-field';
import { type ApiBody, callApi, useApi } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';

interface TagForm {
  name: string;
  description: string;
}

/**
 * The tenant's tags (the labels the back-office puts on students; spec 000 section 7 "GET tags"): the list
 * pattern with create, rename and delete. Nothing refers to a tag yet, so a delete only asks to confirm.
 */
const tagsResource: AdminResource<Tag, TagForm, ApiBody<'tags.create'>> = {
  useList: (query, options) => listRead(useApi(['tags.adminList', { query }], options)),
  delete: (id) => callApi('tags.delete', { params: { id } }),
  title: 'Tags',
  label: 'tag',
  messages: { created: 'Tag created!', updated: 'Tag updated!', deleted: 'Tag deleted!' },
  columns: [
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (tag) => (
        <Badge colorPalette="brand" variant="subtle" size="md">
          {tag.name}
        </Badge>
      ),
    },
    {
      key: 'description',
      label: 'Description',
      render: (tag) => (
        <Text fontSize="sm" color="fg.muted" lineClamp={2} maxW="md">
          {tag.description || '-'}
        </Text>
      ),
    },
    { key: 'createdAt', label: 'Created', sortable: true, render: (tag) => formatDate(tag.createdAt) },
  ],
  emptyInput: () => ({ name: '', description: '' }),
  toInput: (tag) => ({ name: tag.name, description: tag.description }),
  create: (body) => callApi('tags.create', { body }),
  update: (id, body) => callApi('tags.update', { params: { id }, body }),
  validate: (value) => {
    const parsed = tagInputSchema.safeParse(value);
    return parsed.success
      ? { ok: true, body: parsed.data }
      : { ok: false, errors: fieldErrors(parsed.error) };
  },
  renderForm: (value, onChange, errors) => (
    <Stack gap="4">
      <FormField
        label="Name"
        required
        placeholder="Exam year"
        value={value.name}
        onValueChange={(name) => onChange({ ...value, name })}
        helper="Unique: names that differ only in capitals or punctuation are the same tag."
        {...(errors.name ? { error: errors.name } : {})}
      />
      <Field.Root invalid={!!errors.description}>
        <Field.Label>Description</Field.Label>
        <Textarea
          rows={3}
          placeholder="What the tag means and when to use it"
          value={value.description}
          onChange={(e) => onChange({ ...value, description: e.target.value })}
        />
        {errors.description && <Field.ErrorText>{errors.description}</Field.ErrorText>}
      </Field.Root>
    </Stack>
  ),
};

export default function TagsPage() {
  return <AdminListPage config={tagsResource} />;
}
