import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { offeredOptions } from '../../../components/admin/offered-options';
import { RateScopePicker } from '../../../components/admin/rate-scope-fields';
import type { Profile } from '../../../components/profile/profile-calls';
import { useProfileWrite } from '../../../components/profile/use-profile-write';
import { apiKey, callApi, useApi } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/time-zone';

/**
 * A student's one-to-one tutor rate student type (issue 18): the kind their lessons are rated as, so a tutor
 * rate for that type pays them over a rate for any type. Assigning dates it (the rate versions' "student
 * assigned" day); lessons already recorded keep the type they were paid for.
 */
export function StudentRateTypeTab(props: {
  profile: Profile;
  canEdit: boolean;
  onSaved: (profile: Profile) => void;
}) {
  const { profile, canEdit, onSaved } = props;
  const current = profile.rateStudentType ?? '';
  const [choice, setChoice] = useState(current);
  const { busy, run } = useProfileWrite(onSaved);
  const types = useApi(apiKey('one-to-one-tutor-rate-student-types.dropdown'));
  // A type taken off offer (inactive) still shows while the student holds it.
  const options = offeredOptions(types.data?.docs ?? [], current, 'Current type (no longer offered)');
  const save = () =>
    run(
      () =>
        callApi('adminUsers.setRateStudentType', {
          params: { id: profile._id },
          body: { studentType: choice },
        }),
      'Student type saved',
    );
  return (
    <Stack gap="4" maxW="md">
      <Text fontSize="sm" color="fg.muted">
        The one-to-one tutor rates for this student type pay their tutors; without one, only rates for any
        student type do. Lessons already recorded keep the type they were paid for.
      </Text>
      {canEdit ? (
        <Flex gap="3" align="end" wrap="wrap">
          <RateScopePicker
            label="Student type"
            placeholder="None"
            options={options}
            value={choice}
            onChange={setChoice}
            error={undefined}
          />
          <Button size="sm" onClick={save} loading={busy} disabled={choice === current}>
            Save type
          </Button>
        </Flex>
      ) : (
        <Text>Student type: {options.find((type) => type._id === current)?.name ?? 'None'}</Text>
      )}
      {profile.rateStudentTypeAssignedAt && (
        <Text fontSize="sm" color="fg.muted">
          Assigned {formatDateTime(profile.rateStudentTypeAssignedAt)}
        </Text>
      )}
    </Stack>
  );
}
