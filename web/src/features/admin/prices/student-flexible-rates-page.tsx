import { Text } from '@chakra-ui/react';
import type { StudentRate, StudentRateBody } from '../../../../../shared/schemas/rates';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { priceText, useMoneySettings } from '../../../components/admin/money-field';
import { callApi, useApi } from '../../../lib/api-client';
import {
  emptyStudentRate,
  StudentRateFields,
  type StudentRateForm,
  scopeText,
  studentRateInput,
  validateStudentRate,
} from './student-rate-form';

function resource(
  currency: ReturnType<typeof useMoneySettings>['defaultCurrency'],
  versions: Array<{ _id: string; name: string }>,
  plans: Array<{ _id: string; name: string }>,
): AdminResource<StudentRate, StudentRateForm, StudentRateBody> {
  const nameOf = (options: Array<{ _id: string; name: string }>, id: string) =>
    options.find((option) => option._id === id)?.name ?? id;
  return {
    useList: (query, options) => listRead(useApi(['student-flexible-rates.list', { query }], options)),
    delete: (id) => callApi('student-flexible-rates.delete', { params: { id } }),
    title: 'Student flexible rates',
    label: 'student flexible rate',
    // Spec 002 section 8: student rates created / updated / deleted.
    messages: {
      created: 'Student flexible rate created!',
      updated: 'Student flexible rate updated!',
      deleted: 'Student flexible rate deleted!',
    },
    filters: [
      {
        key: 'packageId',
        label: 'Plan',
        options: plans.map((plan) => ({ value: plan._id, label: plan.name })),
        allLabel: 'All plans',
      },
    ],
    columns: [
      {
        key: 'packageId',
        label: 'Plan',
        render: (rate) => <Text fontWeight="medium">{nameOf(plans, rate.packageId)}</Text>,
      },
      { key: 'versionId', label: 'Rate version', render: (rate) => nameOf(versions, rate.versionId) },
      { key: 'country', label: 'Country', sortable: true, render: (rate) => scopeText(rate.country) },
      {
        key: 'curriculum',
        label: 'Curriculum',
        sortable: true,
        render: (rate) => scopeText(rate.curriculum),
      },
      { key: 'grade', label: 'Grade', sortable: true, render: (rate) => scopeText(rate.grade) },
      { key: 'price', label: 'Price', render: (rate) => priceText(rate.price) },
    ],
    emptyInput: () => emptyStudentRate(currency),
    toInput: studentRateInput,
    create: (body) => callApi('student-flexible-rates.create', { body }),
    update: (id, body) => callApi('student-flexible-rates.update', { params: { id }, body }),
    validate: validateStudentRate,
    renderForm: (value, onChange, errors) => (
      <StudentRateFields
        value={value}
        onChange={onChange}
        errors={errors}
        versions={versions}
        plans={plans}
      />
    ),
  };
}

export default function StudentFlexibleRatesPage() {
  const { defaultCurrency } = useMoneySettings();
  const versions = useApi(['student-flexible-rate-versions.dropdown']).data?.docs ?? [];
  const plans =
    useApi(['flexible-plans.list', { query: { limit: 100, sortKey: 'name', sortValue: 'asc' } }]).data
      ?.docs ?? [];
  return <AdminListPage config={resource(defaultCurrency, versions, plans)} />;
}
