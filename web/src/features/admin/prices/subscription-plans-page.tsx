import { Text } from '@chakra-ui/react';
import { billingPeriodUnits } from '../../../../../shared/money/finance';
import {
  type SubscriptionPlan,
  type SubscriptionPlanBody,
  subscriptionPlan,
} from '../../../../../shared/schemas/price-catalogue';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { priceText, useMoneySettings } from '../../../components/admin/money-field';
import { callApi, useApi } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { StatusBadge, statusFilter } from './catalogue-fields';
import { emptyPlan, PlanFields, type PlanForm, planInput, unitLabels, validatePlan } from './plan-form';

/** Spec 002 "Plans and groups": billed every DAYS to YEARS. */
function subscriptionPlansResource(
  currency: SubscriptionPlan['price']['currency'],
): AdminResource<SubscriptionPlan, PlanForm, SubscriptionPlanBody> {
  return {
    useList: (query, options) => listRead(useApi(['subscription-plans.list', { query }], options)),
    verifyDelete: (id) => callApi('subscription-plans.verifyDelete', { params: { id } }),
    delete: (id) => callApi('subscription-plans.delete', { params: { id } }),
    title: 'Subscription plans',
    label: 'subscription plan',
    // Spec 002 section 8: subscription plan added / updated / deleted.
    messages: {
      created: 'Subscription plan added!',
      updated: 'Subscription plan updated!',
      deleted: 'Subscription plan deleted!',
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
    emptyInput: () => emptyPlan('MONTHS', currency),
    toInput: planInput,
    create: (body) => callApi('subscription-plans.create', { body }),
    update: (id, body) => callApi('subscription-plans.update', { params: { id }, body }),
    validate: (value) => validatePlan(subscriptionPlan.input, value),
    renderForm: (value, onChange, errors) => (
      <PlanFields
        value={value}
        onChange={onChange}
        errors={errors}
        units={billingPeriodUnits}
        durationLabel="Bills every"
      />
    ),
  };
}

export default function SubscriptionPlansPage() {
  const { defaultCurrency } = useMoneySettings();
  return <AdminListPage config={subscriptionPlansResource(defaultCurrency)} />;
}
