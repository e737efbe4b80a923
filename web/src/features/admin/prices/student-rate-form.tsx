import { Stack } from '@chakra-ui/react';
import type { CurrencyCode } from '../../../../../shared/money/currencies';
import type { DropdownOption } from '../../../../../shared/routes/crud';
import { type StudentRate, studentRate } from '../../../../../shared/schemas/rates';
import {
  MoneyField,
  type MoneyInput,
  moneyInput,
  readMoney,
  useMoneySettings,
} from '../../../components/admin/money-field';
import { RateScopeFields, RateScopePicker } from '../../../components/admin/rate-scope-fields';
import { checkedInput } from '../../../lib/use-submit';

/** A student rate as its form holds it: the version and plan it prices, for whom, and the price. */
export interface StudentRateForm {
  versionId: string;
  packageId: string;
  country: string;
  curriculum: string;
  grade: string;
  price: MoneyInput;
}

export const emptyStudentRate = (currency: CurrencyCode): StudentRateForm => ({
  versionId: '',
  packageId: '',
  country: '',
  curriculum: '',
  grade: '',
  price: { amount: '', currency },
});

export const studentRateInput = (rate: StudentRate): StudentRateForm => ({
  versionId: rate.versionId,
  packageId: rate.packageId,
  country: rate.country,
  curriculum: rate.curriculum,
  grade: rate.grade,
  price: moneyInput(rate.price),
});

export function validateStudentRate(value: StudentRateForm) {
  const price = readMoney(value.price);
  const parsed = studentRate.input.safeParse({
    ...value,
    price: price.ok ? price.price : { amount: 0, currency: value.price.currency },
  });
  return checkedInput(parsed, { price: price.ok ? undefined : price.problem });
}

export function StudentRateFields(props: {
  value: StudentRateForm;
  onChange: (value: StudentRateForm) => void;
  errors: Record<string, string>;
  versions: readonly DropdownOption[];
  plans: readonly DropdownOption[];
}) {
  const { value, onChange, errors } = props;
  const { currencies } = useMoneySettings();
  return (
    <Stack gap="4">
      <RateScopePicker
        label="Rate version"
        required
        placeholder="Choose a rate version"
        options={props.versions}
        value={value.versionId}
        onChange={(versionId) => onChange({ ...value, versionId })}
        error={errors.versionId}
      />
      <RateScopePicker
        label="Plan"
        required
        placeholder="Choose a plan"
        options={props.plans}
        value={value.packageId}
        onChange={(packageId) => onChange({ ...value, packageId })}
        error={errors.packageId}
      />
      <RateScopeFields
        fields={[
          { key: 'country', label: 'Country', placeholder: 'Singapore' },
          { key: 'curriculum', label: 'Curriculum', placeholder: 'Cambridge IGCSE' },
          { key: 'grade', label: 'Grade', placeholder: 'Grade 9' },
        ]}
        value={value}
        onChange={onChange}
        errors={errors}
      />
      <MoneyField
        label="Price"
        value={value.price}
        onChange={(price) => onChange({ ...value, price })}
        error={errors.price}
        currencies={currencies}
      />
    </Stack>
  );
}
