import { Stack, Text } from '@chakra-ui/react';
import type { RateVersion, RateVersionInput } from '../../../../../shared/schemas/rates';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { callApi, useApi } from '../../../lib/api-client';
import {
  emptyRateVersion,
  inclusionText,
  RateVersionFields,
  type RateVersionForm,
  rateVersionInput,
  rateVersionTerms,
  ruleText,
  validateRateVersion,
} from './rate-version-form';

function resource(zone: string): AdminResource<RateVersion, RateVersionForm, RateVersionInput> {
  return {
    useList: (query, options) =>
      listRead(useApi(['student-subscription-rate-versions.list', { query }], options)),
    verifyDelete: (id) => callApi('student-subscription-rate-versions.verifyDelete', { params: { id } }),
    delete: (id) => callApi('student-subscription-rate-versions.delete', { params: { id } }),
    title: 'Student subscription rate versions',
    label: 'student subscription rate version',
    // Spec 002 section 8: student rate versions created / updated / deleted.
    messages: {
      created: 'Student subscription rate version created!',
      updated: 'Student subscription rate version updated!',
      deleted: 'Student subscription rate version deleted!',
    },
    columns: [
      {
        key: 'name',
        label: 'Name',
        sortable: true,
        render: (version) => <Text fontWeight="medium">{version.name}</Text>,
      },
      {
        key: 'effectiveFrom',
        label: 'In force',
        sortable: true,
        render: (version) => rateVersionTerms(version, zone),
      },
      {
        key: 'rule',
        label: 'Rule',
        render: (version) => (
          <Stack gap="0">
            <Text fontSize="sm">{ruleText(version)}</Text>
            <Text fontSize="xs" color="fg.muted">
              {inclusionText(version)}
            </Text>
          </Stack>
        ),
      },
    ],
    emptyInput: () => emptyRateVersion(zone),
    toInput: (version) => rateVersionInput(version, zone),
    create: (body) => callApi('student-subscription-rate-versions.create', { body }),
    update: (id, body) => callApi('student-subscription-rate-versions.update', { params: { id }, body }),
    validate: (value) => validateRateVersion(value, zone),
    renderForm: (value, onChange, errors) => (
      <RateVersionFields value={value} onChange={onChange} errors={errors} zone={zone} />
    ),
  };
}

export default function SubscriptionRateVersionsPage() {
  return <AdminListPage config={resource(useAdminZone())} />;
}
