import { Button, Flex, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import type { MoneyDoc } from '../../../../../shared/money/schemas';
import type { DropdownOption } from '../../../../../shared/routes/crud';
import { useMoneySettings } from '../../../components/admin/money-field';
import {
  emptyTutorRate,
  readTutorRate,
  TutorRateFields,
  type TutorRateForm,
} from '../../../components/admin/tutor-rate-form';
import { FormDialog } from '../../../components/form-dialog';
import { RatesTable } from '../../../components/profile/profile-money';
import { apiKey, callApi, useApi } from '../../../lib/api-client';
import { deviceTimeZone } from '../../../lib/time-zone';
import { toastSuccess } from '../../../lib/toaster';

/**
 * The tutor rates tab of an admin's view of a tutor (spec 002 "Admin user rates"): the tutor's own one-to-one
 * and group rates, which override the general ones for them, read with adminSettings tutorRatesView and
 * changed (the whole list saved at once) with tutorRatesEdit, through the price catalogue's tutor rate form
 * (a tutor's own rate has no tutor's country).
 */

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
    const { tutorCountry: _notOwn, ...body } = read.fields;
    if (await write([...kept, { body, kind: form.kind }])) setForm(undefined);
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
            ownRate
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
