import { Box, Button, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { experienceSpanError } from '../../../../shared/rules/user-profile';
import { languageProficiencies } from '../../../../shared/schemas/profile-lists';
import type { ProfileEntryKind } from '../../../../shared/schemas/user-profile';
import { choiceOf } from '../../lib/choice';
import { FormDialog } from '../form-dialog';
import { FormField } from '../form-field';
import { SelectField } from '../select-field';
import type { EntryInput, Profile, ProfileCalls } from './profile-calls';
import { useProfileWrite } from './use-profile-write';

type Values = Record<string, string>;
type Entry<Kind extends ProfileEntryKind> = NonNullable<Profile[Kind]>[number];

interface FieldSpec {
  key: string;
  label: string;
  type?: 'month' | 'year' | 'multiline';
  required?: boolean;
  /** A choice from a fixed list. */
  choices?: readonly string[];
}

/**
 * How each kind of sub-record (spec 002 "Users") reads and is edited: its fields, a line for the list, and
 * the body its routes take. Years and months are text in the form and numbers or `YYYY-MM` in the body.
 */
interface KindSpec<Kind extends ProfileEntryKind> {
  title: string;
  label: string;
  fields: FieldSpec[];
  values: (entry: Entry<Kind>) => Values;
  summary: (entry: Entry<Kind>) => { title: string; detail: string };
  /** The body, or the first field's error. */
  body: (values: Values) => { body: EntryInput<Kind> } | { errors: Values };
}

/** `qualification` -> `Qualification`, as a toast starts. */
const sentence = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);
const year = (value: string | undefined) => (value ? Number(value) : undefined);
const optional = (value: string | undefined) => value?.trim() || undefined;

function required(values: Values, fields: FieldSpec[]): Values {
  const errors: Values = {};
  for (const field of fields) {
    if (field.required && !values[field.key]?.trim()) errors[field.key] = `${field.label} is required`;
  }
  return errors;
}

function yearError(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1900 && n <= 2100 ? undefined : 'Enter a year between 1900 and 2100';
}

const experienceFields: FieldSpec[] = [
  { key: 'title', label: 'Title', required: true },
  { key: 'organisation', label: 'Organisation', required: true },
  { key: 'startMonth', label: 'From', type: 'month', required: true },
  { key: 'endMonth', label: 'To (empty: to date)', type: 'month' },
  { key: 'description', label: 'Description', type: 'multiline' },
];
const qualificationFields: FieldSpec[] = [
  { key: 'title', label: 'Qualification', required: true },
  { key: 'institution', label: 'Institution', required: true },
  { key: 'year', label: 'Year', type: 'year' },
  { key: 'description', label: 'Description', type: 'multiline' },
];
const achievementFields: FieldSpec[] = [
  { key: 'title', label: 'Achievement', required: true },
  { key: 'year', label: 'Year', type: 'year' },
  { key: 'description', label: 'Description', type: 'multiline' },
];
const languageFields: FieldSpec[] = [
  { key: 'language', label: 'Language', required: true },
  { key: 'proficiency', label: 'Proficiency', required: true, choices: languageProficiencies },
];

const kinds: { [Kind in ProfileEntryKind]: KindSpec<Kind> } = {
  experiences: {
    title: 'Experience',
    label: 'experience',
    fields: experienceFields,
    values: (e) => ({
      title: e.title,
      organisation: e.organisation,
      startMonth: e.startMonth,
      endMonth: e.endMonth ?? '',
      description: e.description ?? '',
    }),
    summary: (e) => ({
      title: `${e.title}, ${e.organisation}`,
      detail: `${e.startMonth} to ${e.endMonth ?? 'date'}`,
    }),
    body: (v) => {
      const errors = required(v, experienceFields);
      const span = { startMonth: v.startMonth ?? '', endMonth: optional(v.endMonth) };
      const spanError = experienceSpanError(span);
      if (spanError) errors.endMonth ??= spanError;
      if (Object.keys(errors).length > 0) return { errors };
      return {
        body: {
          title: v.title ?? '',
          organisation: v.organisation ?? '',
          ...span,
          description: optional(v.description),
        },
      };
    },
  },
  qualifications: {
    title: 'Qualifications',
    label: 'qualification',
    fields: qualificationFields,
    values: (e) => ({
      title: e.title,
      institution: e.institution,
      year: e.year === undefined ? '' : String(e.year),
      description: e.description ?? '',
    }),
    summary: (e) => ({ title: e.title, detail: [e.institution, e.year].filter(Boolean).join(', ') }),
    body: (v) => {
      const errors = required(v, qualificationFields);
      const badYear = yearError(v.year);
      if (badYear) errors.year = badYear;
      if (Object.keys(errors).length > 0) return { errors };
      return {
        body: {
          title: v.title ?? '',
          institution: v.institution ?? '',
          year: year(v.year),
          description: optional(v.description),
        },
      };
    },
  },
  achievements: {
    title: 'Achievements',
    label: 'achievement',
    fields: achievementFields,
    values: (e) => ({
      title: e.title,
      year: e.year === undefined ? '' : String(e.year),
      description: e.description ?? '',
    }),
    summary: (e) => ({ title: e.title, detail: e.year === undefined ? '' : String(e.year) }),
    body: (v) => {
      const errors = required(v, achievementFields);
      const badYear = yearError(v.year);
      if (badYear) errors.year = badYear;
      if (Object.keys(errors).length > 0) return { errors };
      return { body: { title: v.title ?? '', year: year(v.year), description: optional(v.description) } };
    },
  },
  languages: {
    title: 'Languages',
    label: 'language',
    fields: languageFields,
    values: (e) => ({ language: e.language, proficiency: e.proficiency }),
    summary: (e) => ({ title: e.language, detail: e.proficiency }),
    body: (v) => {
      const errors = required(v, languageFields);
      const proficiency = choiceOf(languageProficiencies, v.proficiency ?? '');
      if (!proficiency) errors.proficiency ??= 'Choose Native, Intermediate or Advanced';
      if (Object.keys(errors).length > 0 || !proficiency) return { errors };
      return { body: { language: v.language?.trim() ?? '', proficiency } };
    },
  },
};

function EntryFields(props: {
  fields: FieldSpec[];
  values: Values;
  errors: Values;
  onChange: (v: Values) => void;
}) {
  const { fields, values, errors, onChange } = props;
  return (
    <Stack gap="4">
      {fields.map((field) =>
        field.choices ? (
          <SelectField
            key={field.key}
            label={field.label}
            required={field.required}
            value={values[field.key] ?? ''}
            error={errors[field.key]}
            placeholder={`Select ${field.label.toLowerCase()}`}
            onChange={(value) => onChange({ ...values, [field.key]: value })}
          >
            {field.choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </SelectField>
        ) : (
          <FormField
            key={field.key}
            label={field.label}
            required={field.required}
            multiline={field.type === 'multiline'}
            type={field.type === 'month' ? 'month' : field.type === 'year' ? 'number' : 'text'}
            placeholder={field.type === 'month' ? 'YYYY-MM' : undefined}
            value={values[field.key] ?? ''}
            error={errors[field.key]}
            onValueChange={(value) => onChange({ ...values, [field.key]: value })}
          />
        ),
      )}
    </Stack>
  );
}

/** One kind of sub-record: its list, with add, edit and delete when `canEdit`. */
function EntrySection<Kind extends ProfileEntryKind>(props: {
  kind: Kind;
  entries: Entry<Kind>[];
  calls: ProfileCalls;
  canEdit: boolean;
  onSaved: (profile: Profile) => void;
}) {
  const spec: KindSpec<Kind> = kinds[props.kind];
  const calls = props.calls.entries[props.kind];
  const [editing, setEditing] = useState<{ entry?: Entry<Kind>; values: Values } | undefined>();
  const [errors, setErrors] = useState<Values>({});
  const [deleting, setDeleting] = useState<Entry<Kind> | undefined>();
  // A refusal leaves the dialog open.
  const { busy, run } = useProfileWrite(props.onSaved);

  const save = async () => {
    if (!editing) return;
    const checked = spec.body(editing.values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    const { entry } = editing;
    const ok = entry
      ? await run(() => calls.update(entry._id, checked.body), `${sentence(spec.label)} updated`)
      : await run(() => calls.create(checked.body), `${sentence(spec.label)} added`);
    if (ok) setEditing(undefined);
  };

  const remove = async () => {
    const entry = deleting;
    if (!entry) return;
    if (await run(() => calls.delete(entry._id), `${sentence(spec.label)} deleted`)) setDeleting(undefined);
  };

  return (
    <Stack gap="2" as="section" aria-label={spec.title}>
      <Flex justify="space-between" align="center">
        <Heading as="h3" size="sm">
          {spec.title}
        </Heading>
        {props.canEdit && (
          <Button
            size="xs"
            variant="outline"
            onClick={() => {
              setErrors({});
              setEditing({ values: {} });
            }}
          >
            <LuPlus /> Add {spec.label}
          </Button>
        )}
      </Flex>
      {props.entries.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          None yet
        </Text>
      ) : (
        <Stack gap="1">
          {props.entries.map((entry) => {
            const line = spec.summary(entry);
            return (
              <HStack
                key={entry._id}
                justify="space-between"
                borderWidth="1px"
                rounded="md"
                px="3"
                py="2"
                data-testid={`${props.kind}-entry`}
              >
                <Box minW="0">
                  <Text fontWeight="medium">{line.title}</Text>
                  {line.detail && (
                    <Text fontSize="sm" color="fg.muted">
                      {line.detail}
                    </Text>
                  )}
                </Box>
                {props.canEdit && (
                  <HStack gap="1">
                    <IconButton
                      aria-label={`Edit ${spec.label} ${line.title}`}
                      size="xs"
                      variant="ghost"
                      onClick={() => {
                        setErrors({});
                        setEditing({ entry, values: spec.values(entry) });
                      }}
                    >
                      <LuPencil />
                    </IconButton>
                    <IconButton
                      aria-label={`Delete ${spec.label} ${line.title}`}
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => setDeleting(entry)}
                    >
                      <LuTrash2 />
                    </IconButton>
                  </HStack>
                )}
              </HStack>
            );
          })}
        </Stack>
      )}
      {editing && (
        <FormDialog
          title={`${editing.entry ? 'Edit' : 'Add'} ${spec.label}`}
          onClose={() => setEditing(undefined)}
          onSave={save}
          busy={busy}
        >
          <EntryFields
            fields={spec.fields}
            values={editing.values}
            errors={errors}
            onChange={(values) => setEditing({ ...editing, values })}
          />
        </FormDialog>
      )}
      <FormDialog
        open={!!deleting}
        role="alertdialog"
        title={`Delete ${spec.label}`}
        onClose={() => setDeleting(undefined)}
        onSave={remove}
        busy={busy}
        saveLabel="Delete"
        saveColorPalette="red"
      >
        <Text>Delete {deleting ? spec.summary(deleting).title : ''}?</Text>
      </FormDialog>
    </Stack>
  );
}

/** The qualifications tab: experiences, qualifications, achievements and languages, as the access shows. */
export function EntriesTab(props: {
  profile: Profile;
  calls: ProfileCalls;
  visible: ReadonlySet<string>;
  writable: ReadonlySet<string>;
  onSaved: (profile: Profile) => void;
}): ReactNode {
  const { profile, calls, visible, writable, onSaved } = props;
  return (
    <Stack gap="6">
      {visible.has('experiences') && (
        <EntrySection
          kind="experiences"
          entries={profile.experiences ?? []}
          calls={calls}
          canEdit={writable.has('experiences')}
          onSaved={onSaved}
        />
      )}
      {visible.has('qualifications') && (
        <EntrySection
          kind="qualifications"
          entries={profile.qualifications ?? []}
          calls={calls}
          canEdit={writable.has('qualifications')}
          onSaved={onSaved}
        />
      )}
      {visible.has('achievements') && (
        <EntrySection
          kind="achievements"
          entries={profile.achievements ?? []}
          calls={calls}
          canEdit={writable.has('achievements')}
          onSaved={onSaved}
        />
      )}
      {visible.has('languages') && (
        <EntrySection
          kind="languages"
          entries={profile.languages ?? []}
          calls={calls}
          canEdit={writable.has('languages')}
          onSaved={onSaved}
        />
      )}
    </Stack>
  );
}
