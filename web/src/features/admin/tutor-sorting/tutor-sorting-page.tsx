import { Badge, Box, Button, Heading, HStack, IconButton, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuArrowDown, LuArrowUp } from 'react-icons/lu';
import { countryName } from '../../../../../shared/schemas/countries';
import { MAX_SORTED_TUTORS } from '../../../../../shared/schemas/tutor-directory';
import { type ApiAnswer, callApi, useApi } from '../../../lib/api-client';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toaster';
import { moveItem } from './sorting-order';

type SortableTutor = ApiAnswer<'tutorSorting.get'>['tutors'][number];

/**
 * The admin setting tutorSorting (specs 000 and 001): the order of the public tutor directory. The admin
 * moves tutors up and down and saves the whole order at once ("Tutor sorting updated successfully!"); the
 * tutors not placed yet (new ones) follow by name. A role with tutorsHide also hides a tutor from the
 * directory, or shows them again, here.
 */
export default function TutorSortingPage() {
  const session = useSession();
  const { data, mutate } = useApi(['tutorSorting.get']);
  const [order, setOrder] = useState<SortableTutor[] | undefined>();
  const [saving, setSaving] = useState(false);
  const tutors = order ?? data?.tutors ?? [];
  const mayEdit = canCall(session?.user, 'tutorSorting.update');
  const mayHide = canCall(session?.user, 'tutors.setHidden');

  const save = async () => {
    setSaving(true);
    try {
      const saved = await callApi('tutorSorting.update', {
        body: { tutorIds: tutors.slice(0, MAX_SORTED_TUTORS).map((tutor) => tutor._id) },
      });
      toastSuccess(saved.message);
      setOrder(undefined);
      await mutate();
    } finally {
      setSaving(false);
    }
  };

  const setHidden = async (tutor: SortableTutor, hidden: boolean) => {
    await callApi('tutors.setHidden', { params: { id: tutor._id }, body: { hidden } });
    toastSuccess(hidden ? 'Tutor hidden from the directory' : 'Tutor shown in the directory');
    setOrder((current) => current?.map((t) => (t._id === tutor._id ? { ...t, hidden } : t)));
    await mutate();
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="xl">
            Tutor sorting
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            The order of the public tutor directory. Tutors added later follow these by name.
          </Text>
        </Stack>
        {mayEdit && (
          <HStack>
            {order && (
              <Button variant="outline" size="sm" onClick={() => setOrder(undefined)} disabled={saving}>
                Undo changes
              </Button>
            )}
            <Button colorPalette="brand" size="sm" onClick={save} loading={saving} disabled={!data}>
              Save order
            </Button>
          </HStack>
        )}
      </HStack>
      {!data ? (
        <Text color="fg.muted">Loading…</Text>
      ) : tutors.length === 0 ? (
        <Text>No tutors yet.</Text>
      ) : (
        <Stack as="ol" gap="2" aria-label="Directory order" listStyleType="none">
          {tutors.map((tutor, index) => {
            const name = `${tutor.firstname} ${tutor.lastname}`;
            return (
              <HStack
                as="li"
                key={tutor._id}
                data-testid="sorted-tutor"
                borderWidth="1px"
                rounded="md"
                px="3"
                py="2"
                gap="3"
                bg="bg"
                opacity={tutor.hidden ? 0.6 : 1}
              >
                <Text w="8" color="fg.muted" fontVariantNumeric="tabular-nums">
                  {index + 1}.
                </Text>
                <Box flex="1" minW="0">
                  <Text fontWeight="medium" truncate>
                    {name}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {tutor.country ? countryName(tutor.country) : 'No country: not listed'}
                  </Text>
                </Box>
                {tutor.hidden && <Badge>Hidden</Badge>}
                {mayHide && (
                  <Switch.Root
                    size="sm"
                    checked={!tutor.hidden}
                    onCheckedChange={(e) => void setHidden(tutor, !e.checked)}
                  >
                    <Switch.HiddenInput aria-label={`List ${name} in the directory`} />
                    <Switch.Control />
                    <Switch.Label display={{ base: 'none', md: 'block' }}>Listed</Switch.Label>
                  </Switch.Root>
                )}
                {mayEdit && (
                  <HStack gap="1">
                    <IconButton
                      aria-label={`Move ${name} up`}
                      size="xs"
                      variant="outline"
                      disabled={index === 0}
                      onClick={() => setOrder(moveItem(tutors, index, -1))}
                    >
                      <LuArrowUp />
                    </IconButton>
                    <IconButton
                      aria-label={`Move ${name} down`}
                      size="xs"
                      variant="outline"
                      disabled={index === tutors.length - 1}
                      onClick={() => setOrder(moveItem(tutors, index, 1))}
                    >
                      <LuArrowDown />
                    </IconButton>
                  </HStack>
                )}
              </HStack>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
