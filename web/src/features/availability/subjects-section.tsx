import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Curriculum } from '../../../../shared/schemas/curriculum';
import { SelectField } from '../../components/select-field';
import { changeSubject, type DraftErrors, newRowId, optionsWith, type SubjectRow } from './availability-form';
import { AddButton, RemoveButton, SectionCard } from './fields';

const options = (names: string[]) =>
  names.map((name) => (
    <option key={name} value={name}>
      {name}
    </option>
  ));

/** What the tutor teaches: curriculum -> subject -> grade per row (trials are offered on these). */
export function SubjectsSection(props: {
  subjects: SubjectRow[];
  onChange: (subjects: SubjectRow[]) => void;
  errors: DraftErrors;
  curricula: Curriculum[] | undefined;
}) {
  const { subjects, onChange, errors } = props;
  const update = (index: number, field: 'curriculum' | 'subject' | 'grade', value: string) =>
    onChange(subjects.map((row, i) => (i === index ? changeSubject(row, field, value) : row)));
  return (
    <SectionCard
      title="Subjects taught"
      description="Free trials for a curriculum, subject and grade are offered with the tutors who teach them."
    >
      {subjects.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          No subjects yet.
        </Text>
      )}
      {subjects.map((row, index) => {
        const name = `Subject ${index + 1}`;
        const curriculum = props.curricula?.find((c) => c.name === row.curriculum);
        const error = errors[`subjects.${index}`];
        return (
          <Stack key={row.id} gap="1" data-testid="subject-row">
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="2" alignItems="end" flex="1">
              <SelectField
                hideLabel
                label={`${name} curriculum`}
                placeholder="Select curriculum"
                value={row.curriculum}
                onChange={(value) => update(index, 'curriculum', value)}
              >
                {options(
                  optionsWith(
                    (props.curricula ?? []).map((c) => c.name),
                    row.curriculum,
                  ),
                )}
              </SelectField>
              <SelectField
                hideLabel
                label={`${name} subject`}
                placeholder="Select subject"
                value={row.subject}
                disabled={!row.curriculum}
                onChange={(value) => update(index, 'subject', value)}
              >
                {options(
                  optionsWith(
                    (curriculum?.subjects ?? []).map((s) => s.name),
                    row.subject,
                  ),
                )}
              </SelectField>
              <Stack direction="row" gap="2" align="center">
                <SelectField
                  hideLabel
                  label={`${name} grade`}
                  placeholder="Select grade"
                  value={row.grade}
                  disabled={!row.subject}
                  onChange={(value) => update(index, 'grade', value)}
                >
                  {options(optionsWith(curriculum?.grades ?? [], row.grade))}
                </SelectField>
                <RemoveButton
                  label={`Remove subject ${index + 1}`}
                  onClick={() => onChange(subjects.filter((_, i) => i !== index))}
                />
              </Stack>
            </SimpleGrid>
            {error && (
              <Text color="fg.error" fontSize="sm">
                {error}
              </Text>
            )}
          </Stack>
        );
      })}
      <AddButton
        label="Add subject"
        onClick={() => onChange([...subjects, { id: newRowId(), curriculum: '', subject: '', grade: '' }])}
      />
    </SectionCard>
  );
}
