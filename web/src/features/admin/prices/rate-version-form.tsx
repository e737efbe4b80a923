import { Badge, Checkbox, CloseButton, Field, HStack, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useState } from 'react';
import {
  type InclusionMode,
  inclusionModes,
  type RateRuleBasis,
  type RateRuleOperator,
  rateRuleBases,
  rateRuleOperators,
} from '../../../../../shared/rules/rate-versions';
import { type RateVersion, rateVersionInputSchema } from '../../../../../shared/schemas/rates';
import { PersonSelect } from '../../../components/admin/person-picker';
import { SelectField } from '../../../components/select-field';
import { fieldErrors } from '../../../lib/form-errors';

/**
 * The form of a student rate version (flexible or subscription): its name, when it is in force (days in
 * the admin's zone, stored as the instants they start), an optional rule on a person's date, and whom it
 * includes (shared/rules/rate-versions.ts).
 */
export interface RateVersionForm {
  name: string;
  description: string;
  from: string;
  to: string;
  withRule: boolean;
  basis: RateRuleBasis;
  operator: RateRuleOperator;
  ruleDate: string;
  ruleZone: string;
  mode: InclusionMode;
  userIds: string[];
}

export const basisLabels: Record<RateRuleBasis, string> = {
  STUDENT_ASSIGNED_DATE: 'Student assigned to the tutor (one-to-one)',
  TUTOR_REGISTRATION_DATE: 'Tutor registered (group)',
};
export const operatorLabels: Record<RateRuleOperator, string> = {
  GREATER_THAN: 'after',
  GREATER_THAN_OR_EQUAL: 'on or after',
  EQUAL: 'on',
  LESS_THAN_OR_EQUAL: 'on or before',
  LESS_THAN: 'before',
};
const modeLabels: Record<InclusionMode, string> = {
  ALL: 'Everyone',
  INCLUDE: 'Only these users',
  EXCLUDE: 'Everyone except these users',
};

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** The day an instant falls on in `zone`, for a date input. */
const dayIn = (instant: string | null | undefined, zone: string) =>
  instant ? (DateTime.fromISO(instant).setZone(zone).toISODate() ?? '') : '';
/** The instant a day starts in `zone`. */
const startOf = (day: string, zone: string) => DateTime.fromISO(day, { zone }).startOf('day').toUTC().toISO();

export function emptyRateVersion(zone: string): RateVersionForm {
  return {
    name: '',
    description: '',
    from: DateTime.now().setZone(zone).toISODate() ?? '',
    to: '',
    withRule: false,
    basis: 'STUDENT_ASSIGNED_DATE',
    operator: 'GREATER_THAN_OR_EQUAL',
    ruleDate: '',
    ruleZone: zone,
    mode: 'ALL',
    userIds: [],
  };
}

export function rateVersionInput(version: RateVersion, zone: string): RateVersionForm {
  return {
    name: version.name,
    description: version.description,
    from: dayIn(version.effectiveFrom, zone),
    to: dayIn(version.effectiveTo, zone),
    withRule: !!version.rule,
    basis: version.rule?.basis ?? 'STUDENT_ASSIGNED_DATE',
    operator: version.rule?.operator ?? 'GREATER_THAN_OR_EQUAL',
    ruleDate: version.rule?.date ?? '',
    ruleZone: version.rule?.timeZone ?? zone,
    mode: version.inclusion.mode,
    userIds: [...version.inclusion.userIds],
  };
}

export function validateRateVersion(value: RateVersionForm, zone: string) {
  const parsed = rateVersionInputSchema.safeParse({
    name: value.name,
    description: value.description,
    effectiveFrom: value.from ? startOf(value.from, zone) : '',
    effectiveTo: value.to ? startOf(value.to, zone) : null,
    rule: value.withRule
      ? { basis: value.basis, operator: value.operator, date: value.ruleDate, timeZone: value.ruleZone }
      : null,
    inclusion: { mode: value.mode, userIds: value.mode === 'ALL' ? [] : value.userIds },
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    if (errors.effectiveFrom) errors.from = 'Choose the first day';
    if (errors.rule) errors.ruleDate = 'Choose the day the rule compares with';
    return { ok: false as const, errors };
  }
  const errors: Record<string, string> = {};
  if (value.to && value.to <= value.from) errors.to = 'The version ends after it starts';
  if (value.mode === 'INCLUDE' && value.userIds.length === 0)
    errors.inclusion = 'Name at least one user to include';
  return Object.keys(errors).length > 0
    ? { ok: false as const, errors }
    : { ok: true as const, body: parsed.data };
}

/** A day as the back-office shows dates (spec 002: YYYY MMM DD), in the zone the form takes days in. */
const shownDay = (instant: string, zone: string) =>
  DateTime.fromISO(instant).setZone(zone).toFormat('yyyy LLL dd');

/** "2026 Jan 01 - open": the days the version is in force, in the admin's zone (the form's days). */
export function rateVersionTerms(version: RateVersion, zone: string): string {
  return `${shownDay(version.effectiveFrom, zone)} - ${version.effectiveTo ? shownDay(version.effectiveTo, zone) : 'open'}`;
}
export function ruleText(version: RateVersion): string {
  if (!version.rule) return 'No rule';
  const { basis, operator, date, timeZone } = version.rule;
  return `${basisLabels[basis]} ${operatorLabels[operator]} ${date} (${timeZone})`;
}
export function inclusionText(version: RateVersion): string {
  const { mode, userIds } = version.inclusion;
  return mode === 'ALL' ? 'Everyone' : `${modeLabels[mode]} (${userIds.length})`;
}

export function RateVersionFields(props: {
  value: RateVersionForm;
  onChange: (value: RateVersionForm) => void;
  errors: Record<string, string>;
  zone: string;
}) {
  const { value, onChange, errors } = props;
  const [picked, setPicked] = useState('');
  return (
    <Stack gap="4">
      <Field.Root invalid={!!errors.name} required>
        <Field.Label>
          Name <Field.RequiredIndicator />
        </Field.Label>
        <Input
          value={value.name}
          placeholder="2027 rates"
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
        {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
      </Field.Root>
      <HStack gap="3" align="start" flexWrap="wrap">
        <Field.Root invalid={!!errors.from} required flex="1" minW="40">
          <Field.Label>
            In force from <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="date"
            value={value.from}
            onChange={(e) => onChange({ ...value, from: e.target.value })}
          />
          {errors.from && <Field.ErrorText>{errors.from}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!errors.to} flex="1" minW="40">
          <Field.Label>Until (not included)</Field.Label>
          <Input type="date" value={value.to} onChange={(e) => onChange({ ...value, to: e.target.value })} />
          {errors.to ? (
            <Field.ErrorText>{errors.to}</Field.ErrorText>
          ) : (
            <Field.HelperText>Empty: open-ended</Field.HelperText>
          )}
        </Field.Root>
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        Days are in {props.zone}. A lesson is paid at the version in force when it took place.
      </Text>
      <Checkbox.Root
        size="sm"
        checked={value.withRule}
        onCheckedChange={(e) => onChange({ ...value, withRule: !!e.checked })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Only for people whose date meets a rule</Checkbox.Label>
      </Checkbox.Root>
      {value.withRule && (
        <Stack gap="3" ps="6">
          <SelectField
            label="Date"
            value={value.basis}
            onChange={(basis) => isOneOf(rateRuleBases, basis) && onChange({ ...value, basis })}
          >
            {rateRuleBases.map((basis) => (
              <option key={basis} value={basis}>
                {basisLabels[basis]}
              </option>
            ))}
          </SelectField>
          <HStack gap="3" align="start" flexWrap="wrap">
            <SelectField
              label="Is"
              width="40"
              value={value.operator}
              onChange={(operator) =>
                isOneOf(rateRuleOperators, operator) && onChange({ ...value, operator })
              }
            >
              {rateRuleOperators.map((operator) => (
                <option key={operator} value={operator}>
                  {operatorLabels[operator]}
                </option>
              ))}
            </SelectField>
            <Field.Root invalid={!!errors.ruleDate} required flex="1" minW="40">
              <Field.Label>
                Day <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type="date"
                value={value.ruleDate}
                onChange={(e) => onChange({ ...value, ruleDate: e.target.value })}
              />
              {errors.ruleDate ? (
                <Field.ErrorText>{errors.ruleDate}</Field.ErrorText>
              ) : (
                <Field.HelperText>That day in {value.ruleZone}</Field.HelperText>
              )}
            </Field.Root>
          </HStack>
        </Stack>
      )}
      <SelectField
        label="Applies to"
        value={value.mode}
        onChange={(mode) => isOneOf(inclusionModes, mode) && onChange({ ...value, mode })}
        error={errors.inclusion}
      >
        {inclusionModes.map((mode) => (
          <option key={mode} value={mode}>
            {modeLabels[mode]}
          </option>
        ))}
      </SelectField>
      {value.mode !== 'ALL' && (
        <Stack gap="2">
          <PersonSelect
            label={value.mode === 'INCLUDE' ? 'Add a user' : 'Leave out a user'}
            userTypes="student,tutor"
            value={picked}
            exclude={value.userIds}
            onChange={(userId) => {
              setPicked('');
              if (userId && !value.userIds.includes(userId))
                onChange({ ...value, userIds: [...value.userIds, userId] });
            }}
          />
          <Wrap gap="2" aria-label="Chosen users">
            {value.userIds.map((userId) => (
              <Badge key={userId} size="md" variant="subtle">
                {userId}
                <CloseButton
                  size="2xs"
                  aria-label={`Remove ${userId}`}
                  onClick={() => onChange({ ...value, userIds: value.userIds.filter((id) => id !== userId) })}
                />
              </Badge>
            ))}
          </Wrap>
        </Stack>
      )}
    </Stack>
  );
}
