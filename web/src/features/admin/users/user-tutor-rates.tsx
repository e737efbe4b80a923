import { Button, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import type { MoneyDoc } from '../../../../../shared/money/schemas';
import type { DropdownOption } from '../../../../../shared/routes/crud';
import {
  MoneyField,
  type MoneyInput,
  readMoney,
  useMoneySettings,
} from '../../../components/admin/money-field';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { RatesTable } from '../../../components/profile/profile-money';
import { SelectField } from '../../../components/select-field';
import { apiKey, callApi, useApi } from '../../../lib/api-client';
import { deviceTimeZone } from '../../../lib/time-zone';
import { toastSuccess } from '../../../lib/toaster';

/**
 * The tutor rates tab of an admin's view of a tutor (spec 002 "Admin user rates"): the tutor's own one-to-one
 * and group rates, which override the general ones for them, read with adminSettings tutorRatesView and
 * changed (the whole list saved at once) with tutorRatesEdit. The form is the price catalogue's tutor rate
 * form without the tutor's country (features/admin/prices/tutor-rate-form.tsx; features do not import each
 * other: when that form moves to components/, this one can go).
 */

interface TutorRateForm {
  studentCountry: string;
  kind: string;
  curriculum: string;
  grade: string;
  rate: MoneyInput;
  from: string;
  to: string;
}

const startOf = (day: string, zone: string) => DateTime.fromISO(day, { zone }).startOf('day').toUTC().toISO();

const emptyTutorRate = (currency: MoneyInput['currency'], zone: string): TutorRateForm => ({
  studentCountry: '',
  kind: '',
  curriculum: '',
  grade: '',
  rate: { amount: '', currency },
  from: DateTime.now().setZone(zone).toISODate() ?? '',
  to: '',
});

/** The body of a new rate, or the problems by field. */
function readTutorRate(value: TutorRateForm, zone: string) {
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
      studentCountry: value.studentCountry.trim(),
      curriculum: value.curriculum.trim(),
      grade: value.grade.trim(),
      rate: rate.price,
      effectiveFrom,
      effectiveTo: value.to ? startOf(value.to, zone) : null,
    },
  };
}

function TutorRateFields(props: {
  value: TutorRateForm;
  onChange: (value: TutorRateForm) => void;
  errors: Record<string, string>;
  kindLabel: string;
  kinds: readonly DropdownOption[];
}) {
  const { value, onChange, errors } = props;
  const { currencies } = useMoneySettings();
  const text = (field: 'studentCountry' | 'curriculum' | 'grade', label: string, placeholder: string) => (
    <FormField
      label={label}
      value={value[field]}
      placeholder={placeholder}
      helper="Empty: any"
      onValueChange={(typed) => onChange({ ...value, [field]: typed })}
    />
  );
  return (
    <Stack gap="4">
      {text('studentCountry', "Student's country", 'United Kingdom')}
      <SelectField
        label={props.kindLabel}
        placeholder="Any"
        value={value.kind}
        onChange={(kind) => onChange({ ...value, kind })}
      >
        {props.kinds.map((kind) => (
          <option key={kind._id} value={kind._id}>
            {kind.name}
          </option>
        ))}
      </SelectField>
      <HStack gap="3" align="start">
        {text('curriculum', 'Curriculum', 'Cambridge IGCSE')}
        {text('grade', 'Grade', 'Grade 9')}
      </HStack>
      <MoneyField
        label="Hourly rate"
        value={value.rate}
        onChange={(rate) => onChange({ ...value, rate })}
        error={errors.rate}
        currencies={currencies}
      />
      <HStack gap="3" align="start">
        <FormField
          label="In force from"
          type="date"
          required
          value={value.from}
          error={errors.from}
          helper="Lessons from this day on"
          onValueChange={(from) => onChange({ ...value, from })}
        />
        <FormField
          label="Until"
          type="date"
          value={value.to}
          error={errors.to}
          helper="Empty: open"
          onValueChange={(to) => onChange({ ...value, to })}
        />
      </HStack>
    </Stack>
  );
}

interface OwnRate {
  _id: string;
  studentCountry: string;
  curriculum: string;
  grade: string;
  rate: MoneyDoc;
  effectiveFrom: string;
  effectiveTo?: string | null | undefined;
}

/** A stored rate as the whole-list save takes it back. */
const bodyOf = (rate: OwnRate) => ({
  studentCountry: rate.studentCountry,
  curriculum: rate.curriculum,
  grade: rate.grade,
  rate: rate.rate,
  effectiveFrom: rate.effectiveFrom,
  effectiveTo: rate.effectiveTo ?? null,
});

function RateSection<Rate extends OwnRate>(props: {
  title: string;
  kindLabel: string;
  kinds: readonly DropdownOption[];
  rates: readonly Rate[] | undefined;
  kindOf: (rate: Rate) => string;
  canEdit: boolean;
  save: (bodies: ReturnType<typeof bodyOf>[], kinds: string[]) => Promise<unknown>;
}) {
  const zone = deviceTimeZone();
  const { defaultCurrency } = useMoneySettings();
  const [form, setForm] = useState<TutorRateForm>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const rates = props.rates ?? [];
  const kindName = (id: string) => props.kinds.find((kind) => kind._id === id)?.name ?? id;
  const write = async (next: { body: ReturnType<typeof bodyOf>; kind: string }[]) => {
    setBusy(true);
    try {
      await props.save(
        next.map((entry) => entry.body),
        next.map((entry) => entry.kind),
      );
      toastSuccess('Details updated successfully!');
      return true;
    } catch {
      return false; // Toasted by the API client.
    } finally {
      setBusy(false);
    }
  };
  const kept = rates.map((rate) => ({ body: bodyOf(rate), kind: props.kindOf(rate) }));
  const add = async () => {
    if (!form) return;
    const read = readTutorRate(form, zone);
    setErrors(read.ok ? {} : read.errors);
    if (!read.ok) return;
    if (await write([...kept, { body: read.fields, kind: form.kind }])) setForm(undefined);
  };
  return (
    <Stack gap="3">
      <Flex justify="space-between" align="center">
        <Heading as="h3" size="sm">
          {props.title}
        </Heading>
        {props.canEdit && (
          <Button size="sm" variant="outline" onClick={() => setForm(emptyTutorRate(defaultCurrency, zone))}>
            Add rate
          </Button>
        )}
      </Flex>
      {props.rates === undefined ? (
        <Text color="fg.muted">Loading rates…</Text>
      ) : (
        <RatesTable
          kindLabel={props.kindLabel}
          empty="No rates of the tutor's own: the general rates apply."
          rows={rates.map((rate) => ({ ...rate, kind: kindName(props.kindOf(rate)) }))}
          actions={
            props.canEdit
              ? (row) => (
                  <IconButton
                    aria-label="Remove rate"
                    size="xs"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => void write(kept.filter((_, index) => rates[index]?._id !== row._id))}
                  >
                    <LuTrash2 />
                  </IconButton>
                )
              : undefined
          }
        />
      )}
      <FormDialog
        open={form !== undefined}
        title={`Add a ${props.title.toLowerCase()} rate`}
        onClose={() => setForm(undefined)}
        onSave={add}
        busy={busy}
      >
        {form && (
          <TutorRateFields
            value={form}
            onChange={setForm}
            errors={errors}
            kindLabel={props.kindLabel}
            kinds={props.kinds}
          />
        )}
      </FormDialog>
    </Stack>
  );
}

export function UserTutorRates(props: { userId: string; canEdit: boolean }) {
  const { userId, canEdit } = props;
  const oneToOne = useApi(apiKey('one-to-one-tutor-rates.ownOf', { params: { userId } }));
  const group = useApi(apiKey('group-tutor-rates.ownOf', { params: { userId } }));
  const studentTypes = useApi(canEdit ? apiKey('one-to-one-tutor-rate-student-types.dropdown') : null);
  const courseTypes = useApi(canEdit ? apiKey('group-tutor-rate-course-types.dropdown') : null);
  if (oneToOne.error || group.error) return <Text>The rates could not be loaded.</Text>;
  return (
    <Stack gap="6">
      <Text fontSize="sm" color="fg.muted">
        The tutor's own rates override the school's general rates for them. The tutor sees them read-only.
      </Text>
      <RateSection
        title="One-to-one"
        kindLabel="Student type"
        kinds={studentTypes.data?.docs ?? []}
        rates={oneToOne.data?.docs}
        kindOf={(rate) => rate.studentType}
        canEdit={canEdit}
        save={async (bodies, kinds) =>
          oneToOne.mutate(
            await callApi('one-to-one-tutor-rates.setOwn', {
              params: { userId },
              body: { rates: bodies.map((body, index) => ({ ...body, studentType: kinds[index] ?? '' })) },
            }),
            { revalidate: false },
          )
        }
      />
      <RateSection
        title="Group"
        kindLabel="Course type"
        kinds={courseTypes.data?.docs ?? []}
        rates={group.data?.docs}
        kindOf={(rate) => rate.courseType}
        canEdit={canEdit}
        save={async (bodies, kinds) =>
          group.mutate(
            await callApi('group-tutor-rates.setOwn', {
              params: { userId },
              body: { rates: bodies.map((body, index) => ({ ...body, courseType: kinds[index] ?? '' })) },
            }),
            { revalidate: false },
          )
        }
      />
    </Stack>
  );
}
