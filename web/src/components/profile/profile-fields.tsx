import { Checkbox, Fieldset, Flex, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import type { ProfilePart } from '../../../../shared/rules/user-profile';
import { DEFAULT_TIME_ZONE } from '../../../../shared/scheduling/slots';
import { countryList } from '../../../../shared/schemas/countries';
import { genders, tutorStrengths, tutorTypes } from '../../../../shared/schemas/profile-lists';
import { TimeZoneSelect } from '../booking/time-zone-select';
import { FormField } from '../form-field';
import { SelectField } from '../select-field';
import { type AccountValue, type DetailsValue, toggled } from './profile-form';

const genderLabels: Record<(typeof genders)[number], string> = { male: 'Male', female: 'Female' };

export function CountrySelect(props: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  return (
    <SelectField
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      disabled={props.disabled}
      placeholder={props.placeholder ?? 'Select country'}
    >
      {countryList.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Ticks from a fixed list (tutor types, strengths, levels), in a group named by its legend. */
export function CheckboxList<const Item extends string>(props: {
  legend: string;
  items: readonly Item[];
  value: readonly Item[];
  onChange: (value: Item[]) => void;
  disabled?: boolean;
}) {
  return (
    <Fieldset.Root disabled={props.disabled}>
      <Fieldset.Legend fontWeight="medium" fontSize="sm">
        {props.legend}
      </Fieldset.Legend>
      <Flex wrap="wrap" gap="2" columnGap="4" role="group" aria-label={props.legend}>
        {props.items.map((item) => (
          <Checkbox.Root
            key={item}
            size="sm"
            checked={props.value.includes(item)}
            disabled={props.disabled}
            onCheckedChange={(e) => props.onChange(toggled(props.value, item, e.checked === true))}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{item}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Flex>
    </Fieldset.Root>
  );
}

/**
 * The account's own fields: names, phone, country, level (from the catalogue's grades), time zone (the
 * fixed list) and gender. `readOnly` shows them without letting them change.
 */
export function AccountFields(props: {
  value: AccountValue;
  onChange: (value: AccountValue) => void;
  errors: Record<string, string>;
  levels: readonly string[];
  readOnly?: boolean;
}) {
  const { value, onChange, errors, readOnly } = props;
  const set = (patch: Partial<AccountValue>) => onChange({ ...value, ...patch });
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField
        label="First name"
        required
        value={value.firstname}
        error={errors.firstname}
        disabled={readOnly}
        onValueChange={(firstname) => set({ firstname })}
      />
      <FormField
        label="Last name"
        required
        value={value.lastname}
        error={errors.lastname}
        disabled={readOnly}
        onValueChange={(lastname) => set({ lastname })}
      />
      <FormField
        label="Phone"
        type="tel"
        value={value.phone}
        error={errors.phone}
        disabled={readOnly}
        onValueChange={(phone) => set({ phone })}
      />
      <CountrySelect
        label="Country"
        value={value.country}
        disabled={readOnly}
        onChange={(country) => set({ country })}
      />
      <SelectField
        label="Level"
        value={value.level}
        disabled={readOnly}
        placeholder="Select level"
        onChange={(level) => set({ level })}
      >
        {/* A level no longer in the catalogue stays shown as it is. */}
        {(value.level && !props.levels.includes(value.level)
          ? [value.level, ...props.levels]
          : props.levels
        ).map((level) => (
          <option key={level} value={level}>
            {level}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Gender"
        value={value.gender}
        disabled={readOnly}
        placeholder="Select gender"
        onChange={(gender) => set({ gender })}
      >
        {genders.map((gender) => (
          <option key={gender} value={gender}>
            {genderLabels[gender]}
          </option>
        ))}
      </SelectField>
      <Stack gap="0" opacity={readOnly ? 0.6 : 1} pointerEvents={readOnly ? 'none' : undefined}>
        {/* No zone yet reads as the default zone (spec 000 section 9), which a save then keeps. */}
        <TimeZoneSelect
          value={value.timezone || DEFAULT_TIME_ZONE}
          onChange={(timezone) => set({ timezone })}
        />
      </Stack>
    </SimpleGrid>
  );
}

/** The details of spec 000 section 6: each shown when `visible` names it, editable when `writable` does. */
export function DetailsFields(props: {
  value: DetailsValue;
  onChange: (value: DetailsValue) => void;
  visible: ReadonlySet<ProfilePart>;
  writable: ReadonlySet<ProfilePart>;
  curricula: readonly string[];
  levels: readonly string[];
}) {
  const { value, onChange, visible, writable } = props;
  const set = (patch: Partial<DetailsValue>) => onChange({ ...value, ...patch });
  const off = (part: ProfilePart) => !writable.has(part);
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {visible.has('dateOfBirth') && (
          <FormField
            label="Date of birth"
            type="date"
            value={value.dateOfBirth}
            disabled={off('dateOfBirth')}
            onValueChange={(dateOfBirth) => set({ dateOfBirth })}
          />
        )}
        {visible.has('nationality') && (
          <CountrySelect
            label="Nationality"
            value={value.nationality}
            disabled={off('nationality')}
            onChange={(nationality) => set({ nationality })}
          />
        )}
        {visible.has('emergencyNumber') && (
          <FormField
            label="Emergency number"
            type="tel"
            value={value.emergencyNumber}
            disabled={off('emergencyNumber')}
            onValueChange={(emergencyNumber) => set({ emergencyNumber })}
          />
        )}
        {visible.has('curriculum') && (
          <SelectField
            label="Curriculum"
            value={value.curriculum}
            disabled={off('curriculum')}
            placeholder="Select curriculum"
            onChange={(curriculum) => set({ curriculum })}
          >
            {(value.curriculum && !props.curricula.includes(value.curriculum)
              ? [value.curriculum, ...props.curricula]
              : props.curricula
            ).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
        )}
        {visible.has('examDate') && (
          <FormField
            label="Exam date"
            type="date"
            value={value.examDate}
            disabled={off('examDate')}
            onValueChange={(examDate) => set({ examDate })}
          />
        )}
        {visible.has('msTeamsEmail') && (
          <FormField
            label="Microsoft Teams e-mail"
            type="email"
            value={value.msTeamsEmail}
            disabled={off('msTeamsEmail')}
            onValueChange={(msTeamsEmail) => set({ msTeamsEmail })}
          />
        )}
        {visible.has('adminTag') && (
          <FormField
            label="Admin tag"
            value={value.adminTag}
            disabled={off('adminTag')}
            onValueChange={(adminTag) => set({ adminTag })}
          />
        )}
      </SimpleGrid>
      {visible.has('classStatement') && (
        <FormField
          label="Class statement"
          multiline
          value={value.classStatement}
          disabled={off('classStatement')}
          onValueChange={(classStatement) => set({ classStatement })}
        />
      )}
      {visible.has('parentDetails') && (
        <Stack gap="3">
          <Heading as="h3" size="sm">
            Parent details
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormField
              label="Parent's name"
              value={value.parentName}
              disabled={off('parentDetails')}
              onValueChange={(parentName) => set({ parentName })}
            />
            <FormField
              label="Parent's e-mail"
              type="email"
              value={value.parentEmail}
              disabled={off('parentDetails')}
              onValueChange={(parentEmail) => set({ parentEmail })}
            />
            <FormField
              label="Parent's phone"
              type="tel"
              value={value.parentPhone}
              disabled={off('parentDetails')}
              onValueChange={(parentPhone) => set({ parentPhone })}
            />
          </SimpleGrid>
        </Stack>
      )}
      {visible.has('tutorDetails') && (
        <TutorDetailsFields
          value={value}
          onChange={onChange}
          levels={props.levels}
          disabled={off('tutorDetails')}
        />
      )}
    </Stack>
  );
}

/** A tutor's types, strengths and levels (fixed lists and the catalogue's grades), headline and bio. */
export function TutorDetailsFields(props: {
  value: DetailsValue;
  onChange: (value: DetailsValue) => void;
  levels: readonly string[];
  disabled?: boolean;
  /** Without the headline and bio (the create dialog keeps to the lists). */
  listsOnly?: boolean;
}) {
  const { value, onChange, disabled } = props;
  const set = (patch: Partial<DetailsValue>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="4">
      <Heading as="h3" size="sm">
        Tutor details
      </Heading>
      <CheckboxList
        legend="Tutor types"
        items={tutorTypes}
        value={value.tutorTypes}
        disabled={disabled}
        onChange={(selected) => set({ tutorTypes: selected })}
      />
      <CheckboxList
        legend="Strengths"
        items={tutorStrengths}
        value={value.strengths}
        disabled={disabled}
        onChange={(strengths) => set({ strengths })}
      />
      <CheckboxList
        legend="Levels taught"
        items={[...new Set([...props.levels, ...value.levels])]}
        value={value.levels}
        disabled={disabled}
        onChange={(levels) => set({ levels })}
      />
      {!props.listsOnly && (
        <>
          <FormField
            label="Headline"
            value={value.headline}
            disabled={disabled}
            onValueChange={(headline) => set({ headline })}
          />
          <FormField
            label="Bio"
            multiline
            value={value.bio}
            disabled={disabled}
            onValueChange={(bio) => set({ bio })}
          />
        </>
      )}
    </Stack>
  );
}
