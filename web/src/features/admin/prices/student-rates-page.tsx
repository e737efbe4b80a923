import { Text } from '@chakra-ui/react';
import { priceText, useMoneySettings } from '../../../components/admin/money-field';
import { scopeText } from '../../../components/admin/rate-scope-fields';
import { callApi, useApi } from '../../../lib/api-client';
import { type DropdownRouteId, type RatePageParts, ratesPage } from './rates-page';
import {
  emptyStudentRate,
  StudentRateFields,
  type StudentRateForm,
  studentRateInput,
  validateStudentRate,
} from './student-rate-form';

export type StudentRatePrefix = 'student-flexible-rates' | 'student-subscription-rates';

/**
 * The admin page of what students pay for the plans of one kind (flexible or subscription), by rate
 * version, plan, country, curriculum and grade.
 */
export function studentRatesPage<P extends StudentRatePrefix>(page: {
  prefix: P;
  name: string;
  /** The picker of the rate versions. */
  versions: DropdownRouteId;
  /** The plans the rates price. */
  plans: 'flexible-plans' | 'subscription-plans';
}) {
  const { prefix } = page;
  return ratesPage({
    prefix,
    name: page.name,
    useContext: () => ({
      currency: useMoneySettings().defaultCurrency,
      versions: useApi([page.versions]).data?.docs ?? [],
      plans:
        useApi([`${page.plans}.list`, { query: { limit: 100, sortKey: 'name', sortValue: 'asc' } }]).data
          ?.docs ?? [],
    }),
    parts: ({ currency, versions, plans }): RatePageParts<P, StudentRateForm> => {
      const nameOf = (options: Array<{ _id: string; name: string }>, id: string) =>
        options.find((option) => option._id === id)?.name ?? id;
      return {
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
        create: (body) => callApi(`${prefix}.create`, { body }),
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
    },
  });
}
