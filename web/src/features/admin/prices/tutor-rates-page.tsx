import { Text } from '@chakra-ui/react';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { priceText, useMoneySettings } from '../../../components/admin/money-field';
import { scopeText } from '../../../components/admin/rate-scope-fields';
import {
  emptyTutorRate,
  readTutorRate,
  TutorRateFields,
  type TutorRateFieldsBody,
  tutorRateInput,
  tutorRateTerms,
} from '../../../components/admin/tutor-rate-form';
import { callApi, useApi } from '../../../lib/api-client';
import { type DropdownRouteId, type RateBodyOf, type RateOf, ratesPage } from './rates-page';

export type TutorRatePrefix = 'group-tutor-rates' | 'one-to-one-tutor-rates';

/**
 * The admin page of one-to-one or group tutor rates (shared/rules/tutor-rates.ts). The two differ in the
 * record that scopes a rate besides the countries, curriculum and grade: a student type or a course type,
 * the "kind", held in a field of its own name.
 */
export function tutorRatesPage<P extends TutorRatePrefix>(page: {
  prefix: P;
  name: string;
  /** The kind's field (also the list's filter parameter) and its labels. */
  kind: { key: keyof RateOf<P> & string; label: string; allLabel: string };
  /** The picker of the kinds. */
  kinds: DropdownRouteId;
  kindOf: (rate: RateOf<P>) => string;
  withKind: (fields: TutorRateFieldsBody, kind: string) => RateBodyOf<P>;
}) {
  const { prefix, kind } = page;
  return ratesPage({
    prefix,
    name: page.name,
    useContext: () => ({
      currency: useMoneySettings().defaultCurrency,
      zone: useAdminZone(),
      kinds: useApi([page.kinds]).data?.docs ?? [],
    }),
    parts: ({ currency, zone, kinds }) => {
      const kindName = (id: string) => (id ? (kinds.find((type) => type._id === id)?.name ?? id) : 'Any');
      return {
        filters: [
          {
            key: kind.key,
            label: kind.label,
            options: kinds.map((type) => ({ value: type._id, label: type.name })),
            allLabel: kind.allLabel,
          },
        ],
        columns: [
          {
            key: 'tutorCountry',
            label: "Tutor's country",
            sortable: true,
            render: (rate) => <Text fontWeight="medium">{scopeText(rate.tutorCountry)}</Text>,
          },
          {
            key: 'studentCountry',
            label: "Student's country",
            sortable: true,
            render: (rate) => scopeText(rate.studentCountry),
          },
          { key: kind.key, label: kind.label, render: (rate) => kindName(page.kindOf(rate)) },
          {
            key: 'curriculum',
            label: 'Curriculum',
            sortable: true,
            render: (rate) => scopeText(rate.curriculum),
          },
          { key: 'grade', label: 'Grade', sortable: true, render: (rate) => scopeText(rate.grade) },
          { key: 'rate', label: 'Hourly rate', render: (rate) => priceText(rate.rate) },
          {
            key: 'effectiveFrom',
            label: 'In force',
            sortable: true,
            render: (rate) => tutorRateTerms(rate, zone),
          },
        ],
        emptyInput: () => emptyTutorRate(currency, zone),
        toInput: (rate) => tutorRateInput(rate, page.kindOf(rate), zone),
        create: (body) => callApi(`${prefix}.create`, { body }),
        validate: (value) => {
          const read = readTutorRate(value, zone);
          return read.ok ? { ok: true, body: page.withKind(read.fields, value.kind) } : read;
        },
        renderForm: (value, onChange, errors) => (
          <TutorRateFields
            value={value}
            onChange={onChange}
            errors={errors}
            kindLabel={kind.label}
            kinds={kinds}
          />
        ),
      };
    },
  });
}
