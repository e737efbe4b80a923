import { Button, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import type { Curriculum } from '../../../../shared/schemas/curriculum';
import { SelectField } from '../select-field';
import type { Profile, ProfileCalls } from './profile-calls';
import { useProfileWrite } from './use-profile-write';

/**
 * A person's subjects (a student's studies, a tutor's teaching): a curriculum, subject and grade of the
 * catalogue each, added and removed one at a time.
 */
export function SubjectsTab(props: {
  profile: Profile;
  calls: ProfileCalls;
  canEdit: boolean;
  curricula: readonly Curriculum[];
  onSaved: (profile: Profile) => void;
}) {
  const { profile, calls, canEdit, curricula, onSaved } = props;
  const [choice, setChoice] = useState({ curriculum: '', subject: '', grade: '' });
  const { busy, run } = useProfileWrite(onSaved);
  const chosen = curricula.find((c) => c.name === choice.curriculum);
  const subjects = profile.subjects ?? [];

  const add = async () => {
    if (await run(() => calls.addSubject(choice), 'Subject added')) {
      setChoice({ curriculum: choice.curriculum, subject: '', grade: '' });
    }
  };

  return (
    <Stack gap="4">
      {subjects.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No subjects yet
        </Text>
      ) : (
        <Stack gap="1">
          {subjects.map((subject) => (
            <HStack
              key={subject._id}
              justify="space-between"
              borderWidth="1px"
              rounded="md"
              px="3"
              py="2"
              data-testid="subject-entry"
            >
              <Text>
                {subject.subject} · {subject.grade}{' '}
                <Text as="span" color="fg.muted">
                  ({subject.curriculum})
                </Text>
              </Text>
              {canEdit && (
                <IconButton
                  aria-label={`Remove ${subject.subject} ${subject.grade}`}
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  disabled={busy}
                  onClick={() => run(() => calls.removeSubject(subject._id), 'Subject removed')}
                >
                  <LuTrash2 />
                </IconButton>
              )}
            </HStack>
          ))}
        </Stack>
      )}
      {canEdit && (
        <Flex gap="3" wrap="wrap" align="end" role="group" aria-label="Add a subject">
          <SelectField
            label="Curriculum"
            width="56"
            value={choice.curriculum}
            placeholder="Select curriculum"
            onChange={(curriculum) => setChoice({ curriculum, subject: '', grade: '' })}
          >
            {curricula.map((c) => (
              <option key={c._id} value={c.name}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Subject"
            width="48"
            value={choice.subject}
            placeholder="Select subject"
            disabled={!chosen}
            onChange={(subject) => setChoice({ ...choice, subject })}
          >
            {chosen?.subjects.map((s) => (
              <option key={s.code} value={s.name}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Grade"
            width="40"
            value={choice.grade}
            placeholder="Select grade"
            disabled={!chosen}
            onChange={(grade) => setChoice({ ...choice, grade })}
          >
            {chosen?.grades.map((grade) => (
              <option key={grade} value={grade}>
                {grade}
              </option>
            ))}
          </SelectField>
          <Button
            size="sm"
            onClick={add}
            loading={busy}
            disabled={!choice.curriculum || !choice.subject || !choice.grade}
          >
            Add subject
          </Button>
        </Flex>
      )}
    </Stack>
  );
}
