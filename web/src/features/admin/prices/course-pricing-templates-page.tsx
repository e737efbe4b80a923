import { Stack, Text } from '@chakra-ui/react';
import { billingPeriodUnits } from '../../../../../shared/money/finance';
import { classTypes } from '../../../../../shared/schemas/course';
import {
  type CoursePricingTemplate,
  type CoursePricingTemplateBody,
  coursePricingTemplate,
} from '../../../../../shared/schemas/price-catalogue';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import {
  MoneyField,
  type MoneyInput,
  moneyInput,
  priceText,
  readMoney,
  useMoneySettings,
} from '../../../components/admin/money-field';
import { SelectField } from '../../../components/select-field';
import { callApi, useApi } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { checkedInput } from '../../../lib/use-submit';
import {
  emptyNamed,
  NamedFields,
  type NamedInput,
  namedInput,
  StatusBadge,
  statusFilter,
} from './catalogue-fields';
import { unitLabels } from './plan-form';

interface TemplateForm extends NamedInput {
  classType: string;
  duration: string;
  durationUnit: string;
  price: MoneyInput;
}

function PricingFields(props: {
  value: TemplateForm;
  onChange: (value: TemplateForm) => void;
  errors: Record<string, string>;
}) {
  const { value, onChange, errors } = props;
  const { currencies } = useMoneySettings();
  return (
    <Stack gap="4">
      <NamedFields
        value={value}
        onChange={onChange}
        errors={errors}
        placeholder="IGCSE group course, monthly"
      />
      <SelectField
        label="Class type"
        value={value.classType}
        onChange={(classType) => onChange({ ...value, classType })}
        error={errors.classType}
      >
        {classTypes.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
      <MoneyField
        label="Price"
        value={value.price}
        onChange={(price) => onChange({ ...value, price })}
        error={errors.price}
        currencies={currencies}
      />
      <SelectField
        label="Bills every"
        value={value.durationUnit}
        onChange={(durationUnit) => onChange({ ...value, durationUnit, duration: '1' })}
        error={errors.durationUnit}
      >
        {billingPeriodUnits.map((unit) => (
          <option key={unit} value={unit}>
            {unitLabels[unit]?.replace(/s$/, '')}
          </option>
        ))}
      </SelectField>
    </Stack>
  );
}

function templatesResource(
  currency: MoneyInput['currency'],
): AdminResource<CoursePricingTemplate, TemplateForm, CoursePricingTemplateBody> {
  return {
    useList: (query, options) => listRead(useApi(['course-pricing-templates.list', { query }], options)),
    verifyDelete: (id) => callApi('course-pricing-templates.verifyDelete', { params: { id } }),
    delete: (id) => callApi('course-pricing-templates.delete', { params: { id } }),
    title: 'Course pricing templates',
    label: 'course pricing template',
    messages: {
      created: 'Course pricing template created!',
      updated: 'Course pricing template updated!',
      deleted: 'Course pricing template deleted!',
    },
    filters: [statusFilter('status')],
    columns: [
      {
        key: 'name',
        label: 'Name',
        sortable: true,
        render: (t) => <Text fontWeight="medium">{t.name}</Text>,
      },
      { key: 'classType', label: 'Class type', sortable: true, render: (t) => t.classType },
      {
        key: 'price',
        label: 'Price',
        render: (t) => `${priceText(t.price)} / ${t.duration} ${unitLabels[t.durationUnit]}`,
      },
      { key: 'status', label: 'Status', sortable: true, render: (t) => <StatusBadge status={t.status} /> },
      { key: 'updatedAt', label: 'Updated', sortable: true, render: (t) => formatDate(t.updatedAt) },
    ],
    emptyInput: () => ({
      ...emptyNamed(),
      classType: 'One-to-One',
      duration: '1',
      durationUnit: 'MONTHS',
      price: { amount: '', currency },
    }),
    toInput: (t) => ({
      ...namedInput(t),
      classType: t.classType,
      duration: String(t.duration),
      durationUnit: t.durationUnit,
      price: moneyInput(t.price),
    }),
    create: (body) => callApi('course-pricing-templates.create', { body }),
    update: (id, body) => callApi('course-pricing-templates.update', { params: { id }, body }),
    validate: (value) => {
      const price = readMoney(value.price);
      const parsed = coursePricingTemplate.input.safeParse({
        ...namedInput(value),
        classType: value.classType,
        duration: Number(value.duration),
        durationUnit: value.durationUnit,
        price: price.ok ? price.price : { amount: 0, currency: value.price.currency },
      });
      return checkedInput(parsed, { price: price.ok ? undefined : price.problem });
    },
    renderForm: (value, onChange, errors) => (
      <PricingFields value={value} onChange={onChange} errors={errors} />
    ),
  };
}

export default function CoursePricingTemplatesPage() {
  const { defaultCurrency } = useMoneySettings();
  return <AdminListPage config={templatesResource(defaultCurrency)} />;
}
