import { Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { DirectoryUser } from '../../../../shared/routes/user-directory';
import { useApi } from '../../lib/api-client';
import { SelectField } from '../select-field';
import type { AdminFilter } from './admin-list-page';

export const personLabel = (person: { firstname: string; lastname: string }) =>
  `${person.firstname} ${person.lastname}`.trim();

/**
 * A back-office people picker: type part of a name or e-mail, choose from the matches (GET
 * /admin/users/dropdown). The chosen person stays listed while the search changes.
 */
export function PersonSelect(props: {
  label: string;
  userTypes: 'tutor' | 'student' | 'student,tutor';
  value: string;
  onChange: (userId: string, person?: DirectoryUser) => void;
  placeholder?: string;
  /** Ids not to offer (e.g. people already on the course). */
  exclude?: string[];
  error?: string | undefined;
  required?: boolean;
  width?: string;
  /** The label above the search box instead of the select (a list filter: label, search, then the choice). */
  labelFirst?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const chosen = useRef<DirectoryUser | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setName(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const { data } = useApi(
    ['users.adminDropdown', { query: { userTypes: props.userTypes, name, limit: 50, offset: 0 } }],
    { keepPreviousData: true },
  );
  const excluded = new Set(props.exclude ?? []);
  const matches = (data?.docs ?? []).filter((person) => !excluded.has(person._id));
  // Remember the chosen person as seen in any answer, so a search that leaves them out still shows them.
  const seen = matches.find((p) => p._id === props.value);
  if (seen) chosen.current = seen;
  const current = chosen.current?._id === props.value ? chosen.current : undefined;
  const options = current && !matches.some((p) => p._id === current._id) ? [current, ...matches] : matches;
  // A value that came from elsewhere (a link's ?tutorId=) and is not among the matches stays chosen, by id.
  const unknownValue = props.value && !options.some((p) => p._id === props.value) ? props.value : '';
  const noun = props.userTypes === 'tutor' ? 'tutors' : props.userTypes === 'student' ? 'students' : 'people';
  const oneNoun =
    props.userTypes === 'tutor' ? 'tutor' : props.userTypes === 'student' ? 'student' : 'person';
  return (
    <Stack gap="1.5" w={props.width}>
      {props.labelFirst && (
        <Text fontSize="sm" fontWeight="medium">
          {props.label}
        </Text>
      )}
      <Input
        size="sm"
        bg="bg"
        aria-label={`Search ${noun}`}
        placeholder={`Search ${noun} by name or e-mail`}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <SelectField
        label={props.label}
        hideLabel={props.labelFirst}
        required={props.required}
        error={props.error}
        value={props.value}
        placeholder={
          props.placeholder ??
          (data
            ? `Choose from ${data.totalDocs} ${data.totalDocs === 1 ? oneNoun : noun}`
            : `Choose from … ${noun}`)
        }
        onChange={(id) => {
          const person = options.find((p) => p._id === id);
          chosen.current = person;
          props.onChange(id, person);
        }}
      >
        {unknownValue && <option value={unknownValue}>{unknownValue}</option>}
        {options.map((person) => (
          <option key={person._id} value={person._id}>
            {personLabel(person)} ({person.email})
          </option>
        ))}
      </SelectField>
    </Stack>
  );
}

/** A list filter by one person (GET /admin/users/dropdown to find them); the empty choice means everyone. */
export function personFilter(key: string, label: string, userTypes: 'tutor' | 'student'): AdminFilter {
  return {
    key,
    label,
    render: (value, onChange) => (
      <PersonSelect
        label={label}
        userTypes={userTypes}
        value={value}
        onChange={(id) => onChange(id)}
        placeholder={`All ${userTypes}s`}
        labelFirst
        width="56"
      />
    ),
  };
}
