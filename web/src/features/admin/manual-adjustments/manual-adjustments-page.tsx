import { Badge, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { settingsCategories } from '../../../../../shared/money/finance';
import { adjustmentTypes } from '../../../../../shared/money/money';
import {
  type ManualAdjustmentDoc,
  manualAdjustmentCreateSchema,
} from '../../../../../shared/schemas/manual-adjustment';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { dayRangeFilters } from '../../../components/admin/date-filters';
import { DateTimeCell } from '../../../components/admin/date-time-cell';
import { listQuery } from '../../../components/admin/list-query';
import {
  MoneyField,
  type MoneyInput,
  readMoney,
  useMoneySettings,
} from '../../../components/admin/money-field';
import { personName } from '../../../components/admin/person-names';
import { PersonSelect, personFilter } from '../../../components/admin/person-picker';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { callApi, useApi } from '../../../lib/api-client';
import { choiceOf } from '../../../lib/choice';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { checkedInput } from '../../../lib/use-submit';

type CreateBody = ReturnType<typeof manualAdjustmentCreateSchema.parse>;
interface AdjustmentInput {
  requestKey: string;
  tutorId: string;
  type: string;
  amount: MoneyInput;
  note: string;
}

const typeLabels = { ADDITION: 'Addition', DEDUCTION: 'Deduction' };
const categoryLabels = {
  PAYMENT: 'Payment',
  ADJUSTMENTS: 'Adjustments',
  COURSE_TOPUP: 'Course top-up',
  OTHERS: 'Others',
};
const newKey = () => crypto.randomUUID().replaceAll('-', '');

function adjustmentsResource(options: {
  canCreate: boolean;
  zone: string;
  currencies: readonly MoneyInput['currency'][];
  defaultCurrency: MoneyInput['currency'];
}): AdminResource<ManualAdjustmentDoc, AdjustmentInput, CreateBody> {
  const { zone } = options;
  const empty = (): AdjustmentInput => ({
    requestKey: newKey(),
    tutorId: '',
    type: 'ADDITION',
    amount: { amount: '', currency: options.defaultCurrency },
    note: '',
  });
  return {
    useList: (query, listOptions) =>
      listRead(
        useApi(
          [
            'manualAdjustments.list',
            {
              query: {
                ...listQuery(query, ['tutorId', 'startDate', 'endDate'], 'createdAt'),
                category: choiceOf(settingsCategories, String(query.category ?? '')),
              },
            },
          ],
          listOptions,
        ),
      ),
    title: 'Manual adjustments',
    label: 'manual adjustment',
    createLabel: 'New adjustment',
    createOnly: true,
    searchable: false,
    messages: { created: 'Manual adjustment created!' },
    filters: [
      personFilter('tutorId', 'Tutor', 'tutor'),
      {
        key: 'category',
        label: 'Category',
        options: settingsCategories.map((category) => ({ value: category, label: categoryLabels[category] })),
      },
      ...dayRangeFilters(zone),
    ],
    columns: [
      {
        key: 'createdAt',
        label: 'Date',
        sortable: true,
        render: (a) => <DateTimeCell iso={a.createdAt} zone={zone} />,
      },
      {
        key: 'user',
        label: 'For',
        render: (a) => (
          <Text>
            {personName(a.user)}
            <Text as="span" display="block" color="fg.muted" fontSize="xs">
              {a.user.type}
            </Text>
          </Text>
        ),
      },
      {
        key: 'category',
        label: 'Category',
        hideBelow: 'md',
        render: (a) => <Badge size="sm">{categoryLabels[a.category]}</Badge>,
      },
      {
        key: 'amount',
        label: 'Amount',
        render: (a) => (
          <Text whiteSpace="nowrap" color={a.type === 'DEDUCTION' ? 'fg.error' : 'fg.success'}>
            {a.signedAmount > 0 ? '+' : ''}
            {a.currency} {a.signedAmount.toFixed(2)}
          </Text>
        ),
      },
      {
        key: 'note',
        label: 'Note',
        hideBelow: 'md',
        render: (a) => (
          <Text lineClamp={2} maxW="xs">
            {a.note}
          </Text>
        ),
      },
      { key: 'createdBy', label: 'By', hideBelow: 'lg', render: (a) => personName(a.createdBy) },
    ],
    rowLabel: (a) => `${personName(a.user)} ${a.signedAmount}`,
    ...(options.canCreate
      ? {
          emptyInput: empty,
          toInput: empty,
          validate: (value: AdjustmentInput) => {
            const amount = readMoney(value.amount);
            const parsed = manualAdjustmentCreateSchema.safeParse({
              requestKey: value.requestKey,
              tutorId: value.tutorId,
              type: value.type,
              amount: amount.ok ? amount.price : undefined,
              note: value.note,
            });
            return checkedInput(parsed, {
              amount: amount.ok ? undefined : amount.problem,
              tutorId: value.tutorId ? undefined : 'Choose the tutor',
            });
          },
          create: (body: CreateBody) => callApi('manualAdjustments.create', { body }),
          update: () => Promise.reject(new Error('An adjustment is not edited: add one the other way')),
          renderForm: (
            value: AdjustmentInput,
            onChange: (value: AdjustmentInput) => void,
            errors: Record<string, string>,
          ) => (
            <Stack gap="4">
              <PersonSelect
                label="Tutor"
                userTypes="tutor"
                required
                value={value.tutorId}
                error={errors.tutorId}
                onChange={(tutorId) => onChange({ ...value, tutorId })}
              />
              <SelectField
                label="Type"
                value={value.type}
                onChange={(type) => onChange({ ...value, type })}
                error={errors.type}
              >
                {adjustmentTypes.map((type) => (
                  <option key={type} value={type}>
                    {typeLabels[type]}
                  </option>
                ))}
              </SelectField>
              <MoneyField
                label="Amount"
                value={value.amount}
                onChange={(amount) => onChange({ ...value, amount })}
                error={errors.amount}
                currencies={options.currencies}
              />
              <FormField
                label="Note"
                required
                multiline
                value={value.note}
                error={errors.note}
                onValueChange={(note) => onChange({ ...value, note })}
              />
              <Text fontSize="xs" color="fg.muted">
                Adjustments are never edited or deleted: a mistake is undone by one the other way.
              </Text>
            </Stack>
          ),
        }
      : {}),
  };
}

/** Spec 002 "Manual adjustments": additions to and deductions from a tutor's pay that no lesson caused. */
export default function ManualAdjustmentsPage() {
  const user = useSession()?.user;
  const zone = useAdminZone();
  const money = useMoneySettings();
  const canCreate = canCall(user, 'manualAdjustments.create');
  const config = useMemo(
    () =>
      adjustmentsResource({
        canCreate,
        zone,
        currencies: money.currencies,
        defaultCurrency: money.defaultCurrency,
      }),
    [canCreate, zone, money.currencies, money.defaultCurrency],
  );
  return <AdminListPage config={config} />;
}
