import { Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type * as z from 'zod';
import { DEFAULT_CURRENCY } from '../../../../../shared/money/currencies';
import type { MoneyDoc } from '../../../../../shared/money/schemas';
import { DEFAULT_GROUP_ID } from '../../../../../shared/schemas/price-catalogue';
import {
  MoneyField,
  type MoneyInput,
  moneyInput,
  readMoney,
  useMoneySettings,
} from '../../../components/admin/money-field';
import { SelectField } from '../../../components/select-field';
import { useApi } from '../../../lib/api-client';
import { type Checked, checkedInput } from '../../../lib/use-submit';
import { emptyNamed, NamedFields, type NamedInput, namedInput } from './catalogue-fields';

/** A plan as its form holds it (flexible and subscription plans alike; their units differ). */
export interface PlanForm extends NamedInput {
  groupId: string;
  duration: string;
  durationUnit: string;
  price: MoneyInput;
}

export const unitLabels: Record<string, string> = {
  MINUTES: 'minutes',
  DAYS: 'days',
  WEEKS: 'weeks',
  MONTHS: 'months',
  YEARS: 'years',
};

export function emptyPlan(unit: string, currency = DEFAULT_CURRENCY): PlanForm {
  return {
    ...emptyNamed(),
    groupId: DEFAULT_GROUP_ID,
    duration: '',
    durationUnit: unit,
    price: { amount: '', currency },
  };
}

export function planInput(
  plan: NamedInput & { groupId: string; duration: number; durationUnit: string; price: MoneyDoc },
): PlanForm {
  return {
    ...namedInput(plan),
    groupId: plan.groupId,
    duration: String(plan.duration),
    durationUnit: plan.durationUnit,
    price: moneyInput(plan.price),
  };
}

/** Checks the form against the create schema; the price is read digit by digit first. */
export function validatePlan<Schema extends z.ZodType>(
  schema: Schema,
  value: PlanForm,
): Checked<z.output<Schema>> {
  const price = readMoney(value.price);
  const parsed = schema.safeParse({
    name: value.name,
    description: value.description,
    status: value.status,
    groupId: value.groupId,
    duration: value.duration.trim() === '' ? undefined : Number(value.duration),
    durationUnit: value.durationUnit,
    price: price.ok ? price.price : { amount: 0, currency: value.price.currency },
  });
  // A blank duration fails the schema too; this says so in words.
  return checkedInput(parsed, {
    price: price.ok ? undefined : price.problem,
    duration: value.duration.trim() === '' ? 'Enter the duration' : undefined,
  });
}

export function PlanFields(props: {
  value: PlanForm;
  onChange: (value: PlanForm) => void;
  errors: Record<string, string>;
  units: readonly string[];
  durationLabel: string;
}) {
  const { value, onChange, errors } = props;
  const { currencies } = useMoneySettings();
  const groups = useApi([
    'groups.list',
    { query: { limit: 100, status: 'ACTIVE', sortKey: 'name', sortValue: 'asc' } },
  ]).data?.docs;
  return (
    <Stack gap="4">
      <NamedFields value={value} onChange={onChange} errors={errors} placeholder="10 lesson hours" />
      <MoneyField
        label="Price"
        value={value.price}
        onChange={(price) => onChange({ ...value, price })}
        error={errors.price}
        currencies={currencies}
      />
      <Field.Root invalid={!!errors.duration || !!errors.durationUnit} required>
        <Field.Label>
          {props.durationLabel} <Field.RequiredIndicator />
        </Field.Label>
        <HStack gap="2" w="full">
          <Input
            aria-label={`${props.durationLabel} quantity`}
            inputMode="numeric"
            value={value.duration}
            placeholder="10"
            onChange={(e) => onChange({ ...value, duration: e.target.value })}
          />
          <SelectField
            label={`${props.durationLabel} unit`}
            hideLabel
            value={value.durationUnit}
            onChange={(durationUnit) => onChange({ ...value, durationUnit })}
          >
            {props.units.map((unit) => (
              <option key={unit} value={unit}>
                {unitLabels[unit]}
              </option>
            ))}
          </SelectField>
        </HStack>
        {(errors.duration || errors.durationUnit) && (
          <Field.ErrorText>{errors.duration ?? errors.durationUnit}</Field.ErrorText>
        )}
      </Field.Root>
      <SelectField
        label="Group"
        value={value.groupId}
        onChange={(groupId) => onChange({ ...value, groupId })}
        error={errors.groupId}
        helper={<Text as="span">The students this plan is offered to.</Text>}
      >
        {!groups?.some((group) => group._id === value.groupId) && (
          <option value={value.groupId}>
            {value.groupId === DEFAULT_GROUP_ID ? 'Default Group' : value.groupId}
          </option>
        )}
        {groups?.map((group) => (
          <option key={group._id} value={group._id}>
            {group.name}
          </option>
        ))}
      </SelectField>
    </Stack>
  );
}
