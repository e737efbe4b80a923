import { Text } from '@chakra-ui/react';
import type { OneToOneTutorRate, OneToOneTutorRateBody } from '../../../../../shared/schemas/rates';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { priceText, useMoneySettings } from '../../../components/admin/money-field';
import { callApi, useApi } from '../../../lib/api-client';
import { scopeText } from './student-rate-form';
import {
  emptyTutorRate,
  readTutorRate,
  TutorRateFields,
  type TutorRateForm,
  tutorRateInput,
  tutorRateTerms,
} from './tutor-rate-form';

function resource(
  currency: ReturnType<typeof useMoneySettings>['defaultCurrency'],
  zone: string,
  types: Array<{ _id: string; name: string }>,
): AdminResource<OneToOneTutorRate, TutorRateForm, OneToOneTutorRateBody> {
  const typeName = (id: string) => (id ? (types.find((type) => type._id === id)?.name ?? id) : 'Any');
  return {
    useList: (query, options) => listRead(useApi(['one-to-one-tutor-rates.list', { query }], options)),
    delete: (id) => callApi('one-to-one-tutor-rates.delete', { params: { id } }),
    title: 'One-to-one tutor rates',
    label: 'one-to-one tutor rate',
    // Spec 002 section 8: tutor rates created / updated / deleted.
    messages: {
      created: 'One-to-one tutor rate created!',
      updated: 'One-to-one tutor rate updated!',
      deleted: 'One-to-one tutor rate deleted!',
    },
    filters: [
      {
        key: 'studentType',
        label: 'Student type',
        options: types.map((type) => ({ value: type._id, label: type.name })),
        allLabel: 'All student types',
      },
    ],
    columns: [
      {
        key: 'tutorCountry',
        label: "Tutor's country",
        sortable: true,
        render: (rate) => <Text fontWeight="medium">{scopeText(rate.tutorCountry)}</Text>,
      },
      {
        key: 'studentCountry',
        label: "Student's country",
        sortable: true,
        render: (rate) => scopeText(rate.studentCountry),
      },
      { key: 'studentType', label: 'Student type', render: (rate) => typeName(rate.studentType) },
      {
        key: 'curriculum',
        label: 'Curriculum',
        sortable: true,
        render: (rate) => scopeText(rate.curriculum),
      },
      { key: 'grade', label: 'Grade', sortable: true, render: (rate) => scopeText(rate.grade) },
      { key: 'rate', label: 'Hourly rate', render: (rate) => priceText(rate.rate) },
      {
        key: 'effectiveFrom',
        label: 'In force',
        sortable: true,
        render: (rate) => tutorRateTerms(rate, zone),
      },
    ],
    emptyInput: () => emptyTutorRate(currency, zone),
    toInput: (rate) => tutorRateInput(rate, rate.studentType, zone),
    create: (body) => callApi('one-to-one-tutor-rates.create', { body }),
    update: (id, body) => callApi('one-to-one-tutor-rates.update', { params: { id }, body }),
    validate: (value) => {
      const read = readTutorRate(value, zone);
      return read.ok ? { ok: true, body: { ...read.fields, studentType: value.kind } } : read;
    },
    renderForm: (value, onChange, errors) => (
      <TutorRateFields
        value={value}
        onChange={onChange}
        errors={errors}
        kindLabel="Student type"
        kinds={types}
      />
    ),
  };
}

export default function OneToOneTutorRatesPage() {
  const { defaultCurrency } = useMoneySettings();
  const types = useApi(['one-to-one-tutor-rate-student-types.dropdown']).data?.docs ?? [];
  return <AdminListPage config={resource(defaultCurrency, useAdminZone(), types)} />;
}
