import { Button, Field, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { languageProficiencies } from '../../../../../shared/schemas/profile-lists';

export interface LanguageRow {
  language: string;
  proficiency: string;
}

/** A new tutor's languages, each with its proficiency (Native, Intermediate, Advanced). */
export function LanguageRows(props: {
  rows: LanguageRow[];
  onChange: (rows: LanguageRow[]) => void;
  error?: string | undefined;
}) {
  const { rows, onChange } = props;
  const set = (index: number, patch: Partial<LanguageRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Field.Root invalid={!!props.error}>
      <Field.Label>Languages</Field.Label>
      <Stack gap="2" w="full">
        {rows.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            None yet
          </Text>
        )}
        {rows.map((row, index) => (
          // Rows have no id of their own until saved; their place is their identity here.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <HStack key={index} gap="2">
            <Input
              size="sm"
              aria-label={`Language ${index + 1}`}
              placeholder="Language"
              value={row.language}
              onChange={(e) => set(index, { language: e.target.value })}
            />
            <NativeSelect.Root size="sm" w="48">
              <NativeSelect.Field
                aria-label={`Proficiency ${index + 1}`}
                value={row.proficiency}
                onChange={(e) => set(index, { proficiency: e.target.value })}
              >
                <option value="">Proficiency</option>
                {languageProficiencies.map((level) => (
                  <option key={level} value={level}>
                    {level}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <IconButton
              aria-label={`Remove language ${index + 1}`}
              size="xs"
              variant="ghost"
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              <LuTrash2 />
            </IconButton>
          </HStack>
        ))}
        <Button
          size="xs"
          variant="outline"
          alignSelf="start"
          onClick={() => onChange([...rows, { language: '', proficiency: '' }])}
        >
          <LuPlus /> Add language
        </Button>
      </Stack>
      {props.error && <Field.ErrorText>{props.error}</Field.ErrorText>}
    </Field.Root>
  );
}
