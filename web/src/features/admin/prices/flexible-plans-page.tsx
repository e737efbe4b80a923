import { Text } from '@chakra-ui/react';
import { flexiblePlanUnits } from '../../../../../shared/money/finance';
import {
  type FlexiblePlan,
  type FlexiblePlanBody,
  flexiblePlan,
} from '../../../../../shared/schemas/price-catalogue';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { priceText, useMoneySettings } from '../../../components/admin/money-field';
import { callApi, useApi } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { StatusBadge, statusFilter } from './catalogue-fields';
import { emptyPlan, PlanFields, type PlanForm, planInput, unitLabels, validatePlan } from './plan-form';

/** Spec 002 "Plans and groups": credit bought once, lasting MINUTES (of lessons) to YEARS. */
function flexiblePlansResource(
  currency: FlexiblePlan['price']['currency'],
): AdminResource<FlexiblePlan, PlanForm, FlexiblePlanBody> {
  return {
    useList: (query, options) => listRead(useApi(['flexible-plans.list', { query }], options)),
    verifyDelete: (id) => callApi('flexible-plans.verifyDelete', { params: { id } }),
    delete: (id) => callApi('flexible-plans.delete', { params: { id } }),
    title: 'Flexible plans',
    label: 'flexible plan',
    // Spec 002 section 8: flexible plan added / updated / deleted.
    messages: {
      created: 'Flexible plan added!',
      updated: 'Flexible plan updated!',
      deleted: 'Flexible plan deleted!',
    },
    filters: [statusFilter('statuses')],
    columns: [
      {
        key: 'name',
        label: 'Name',
        sortable: true,
        render: (plan) => <Text fontWeight="medium">{plan.name}</Text>,
      },
      { key: 'price', label: 'Price', render: (plan) => priceText(plan.price) },
      {
        key: 'duration',
        label: 'Duration',
        sortable: true,
        render: (plan) => `${plan.duration} ${unitLabels[plan.durationUnit]}`,
      },
      {
        key: 'status',
        label: 'Status',
        sortable: true,
        render: (plan) => <StatusBadge status={plan.status} />,
      },
      { key: 'updatedAt', label: 'Updated', sortable: true, render: (plan) => formatDate(plan.updatedAt) },
    ],
    emptyInput: () => emptyPlan('MINUTES', currency),
    toInput: planInput,
    create: (body) => callApi('flexible-plans.create', { body }),
    update: (id, body) => callApi('flexible-plans.update', { params: { id }, body }),
    validate: (value) => validatePlan(flexiblePlan.input, value),
    renderForm: (value, onChange, errors) => (
      <PlanFields
        value={value}
        onChange={onChange}
        errors={errors}
        units={flexiblePlanUnits}
        durationLabel="Lasts"
      />
    ),
  };
}

export default function FlexiblePlansPage() {
  const { defaultCurrency } = useMoneySettings();
  return <AdminListPage config={flexiblePlansResource(defaultCurrency)} />;
}
