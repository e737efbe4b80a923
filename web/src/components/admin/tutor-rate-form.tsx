import { Field, HStack, Input, Stack } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import type { CurrencyCode } from '../../../../shared/money/currencies';
import type { MoneyDoc } from '../../../../shared/money/schemas';
import type { DropdownOption } from '../../../../shared/routes/crud';
import { MoneyField, type MoneyInput, moneyInput, readMoney, useMoneySettings } from './money-field';
import { RateScopeFields, RateScopePicker, type ScopeField } from './rate-scope-fields';

/**
 * The form of a one-to-one or group tutor rate (shared/rules/tutor-rates.ts): for whom (the tutor's and the
 * student's countries, the student type or course type, curriculum and grade, each "any" when empty), the
 * hourly amount, and the days it is in force (in the admin's zone, stored as the instants they start; a
 * school changes a rate by ending it and starting a new one, so past lessons keep theirs).
 */
export interface TutorRateForm {
  tutorCountry: string;
  studentCountry: string;
  kind: string;
  curriculum: string;
  grade: string;
  rate: MoneyInput;
  from: string;
  to: string;
}

/** What the pages' records have in common (the kind is the student type or the course type). */
export interface TutorRateRecord {
  tutorCountry: string;
  studentCountry: string;
  curriculum: string;
  grade: string;
  rate: MoneyDoc;
  effectiveFrom: string;
  effectiveTo?: string | null | undefined;
}

const dayIn = (instant: string | null | undefined, zone: string) =>
  instant ? (DateTime.fromISO(instant).setZone(zone).toISODate() ?? '') : '';
const startOf = (day: string, zone: string) => DateTime.fromISO(day, { zone }).startOf('day').toUTC().toISO();

export const emptyTutorRate = (currency: CurrencyCode, zone: string): TutorRateForm => ({
  tutorCountry: '',
  studentCountry: '',
  kind: '',
  curriculum: '',
  grade: '',
  rate: { amount: '', currency },
  from: DateTime.now().setZone(zone).toISODate() ?? '',
  to: '',
});

export const tutorRateInput = (rate: TutorRateRecord, kind: string, zone: string): TutorRateForm => ({
  tutorCountry: rate.tutorCountry,
  studentCountry: rate.studentCountry,
  kind,
  curriculum: rate.curriculum,
  grade: rate.grade,
  rate: moneyInput(rate.rate),
  from: dayIn(rate.effectiveFrom, zone),
  to: dayIn(rate.effectiveTo, zone),
});

/** The body's common fields, or the problems by field (the kind field is added by each page). */
export function readTutorRate(value: TutorRateForm, zone: string) {
  const errors: Record<string, string> = {};
  const rate = readMoney(value.rate);
  if (!rate.ok) errors.rate = rate.problem;
  if (!value.from) errors.from = 'Choose the first day';
  if (value.to && value.from && value.to <= value.from) errors.to = 'The rate ends after it starts';
  const effectiveFrom = value.from ? startOf(value.from, zone) : null;
  if (!rate.ok || !effectiveFrom || Object.keys(errors).length > 0) return { ok: false as const, errors };
  return {
    ok: true as const,
    fields: {
      tutorCountry: value.tutorCountry.trim(),
      studentCountry: value.studentCountry.trim(),
      curriculum: value.curriculum.trim(),
      grade: value.grade.trim(),
      rate: rate.price,
      effectiveFrom,
      effectiveTo: value.to ? startOf(value.to, zone) : null,
    },
  };
}

/** The body's fields but the kind's, which each page names (a student type or a course type). */
export type TutorRateFieldsBody = Extract<ReturnType<typeof readTutorRate>, { ok: true }>['fields'];

const shownDay = (instant: string, zone: string) =>
  DateTime.fromISO(instant).setZone(zone).toFormat('yyyy LLL dd');

/** "2026 Jan 01 - open": the days the rate is in force, in the admin's zone. */
export function tutorRateTerms(rate: TutorRateRecord, zone: string): string {
  return `${shownDay(rate.effectiveFrom, zone)} - ${rate.effectiveTo ? shownDay(rate.effectiveTo, zone) : 'open'}`;
}

export function TutorRateFields(props: {
  value: TutorRateForm;
  onChange: (value: TutorRateForm) => void;
  errors: Record<string, string>;
  kindLabel: string;
  kinds: readonly DropdownOption[];
  /** A rate of one tutor's own (their profile's): it has no tutor's country to match. */
  ownRate?: boolean;
}) {
  const { value, onChange, errors } = props;
  const { currencies } = useMoneySettings();
  const scope = (
    fields: ReadonlyArray<ScopeField<'tutorCountry' | 'studentCountry' | 'curriculum' | 'grade'>>,
  ) => <RateScopeFields fields={fields} value={value} onChange={onChange} errors={errors} />;
  const day = (field: 'from' | 'to', label: string, helper: string) => (
    <Field.Root invalid={!!errors[field]} flex="1" minW="36" required={field === 'from'}>
      <Field.Label>
        {label} {field === 'from' && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        type="date"
        value={value[field]}
        onChange={(e) => onChange({ ...value, [field]: e.target.value })}
      />
      {errors[field] ? (
        <Field.ErrorText>{errors[field]}</Field.ErrorText>
      ) : (
        <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  );
  return (
    <Stack gap="4">
      {scope([
        ...(props.ownRate
          ? []
          : [{ key: 'tutorCountry' as const, label: "Tutor's country", placeholder: 'Singapore' }]),
        { key: 'studentCountry', label: "Student's country", placeholder: 'United Kingdom' },
      ])}
      <RateScopePicker
        label={props.kindLabel}
        placeholder="Any"
        options={props.kinds}
        value={value.kind}
        onChange={(kind) => onChange({ ...value, kind })}
        error={errors.kind}
      />
      {scope([
        { key: 'curriculum', label: 'Curriculum', placeholder: 'Cambridge IGCSE' },
        { key: 'grade', label: 'Grade', placeholder: 'Grade 9' },
      ])}
      <MoneyField
        label="Hourly rate"
        value={value.rate}
        onChange={(rate) => onChange({ ...value, rate })}
        error={errors.rate}
        currencies={currencies}
      />
      <HStack gap="3" align="start" flexWrap="wrap">
        {day('from', 'In force from', 'Lessons from this day on')}
        {day('to', 'Until', 'Empty: open; lessons before this day')}
      </HStack>
    </Stack>
  );
}
