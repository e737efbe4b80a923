import { Badge, Box, Button, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Availability } from '../../../../shared/schemas/availability';
import type { Curriculum } from '../../../../shared/schemas/curriculum';
import { PersonSelect } from '../../components/admin/person-picker';
import { RequireSession } from '../../components/require-session';
import { SelectField } from '../../components/select-field';
import { useApi } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { formatDateTime } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';
import { useAuthUser } from '../../lib/use-auth-user';
import { updateAvailability } from './api/update-availability';
import {
  type AvailabilityDraft,
  canEditAnyAvailability,
  isStatusHeldByAdmin,
  statusOptions,
  timeZoneOptions,
  toDraft,
  toInput,
  validateDraft,
  weekdayNames,
} from './availability-form';
import { ExceptionsSection } from './exceptions-section';
import { SectionCard } from './fields';
import { HoursRanges } from './hours-ranges';
import { SubjectsSection } from './subjects-section';
import { WindowsSection } from './windows-section';

function AvailabilityScreen() {
  const { user } = useAuthUser();
  const [params, setParams] = useSearchParams();
  usePageMeta('Availability');
  if (!user) return null;
  const isAdmin = canEditAnyAvailability(user);
  const own = user.type === 'tutor' ? user._id : '';
  const tutorId = isAdmin ? params.get('tutorId') || own : own;

  if (!isAdmin && user.type !== 'tutor') {
    return (
      <Box maxW="lg" mx="auto" py="16" px="4" textAlign="center">
        <Heading as="h1" size="xl">
          No access
        </Heading>
        <Text color="fg.muted">Availability is kept by tutors and administrators.</Text>
      </Box>
    );
  }

  return (
    <Box maxW="5xl" mx="auto" px="4" py="8">
      <Stack gap="6">
        <HStack justify="space-between" align="end" wrap="wrap" gap="4">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              {tutorId && tutorId === own ? 'My availability' : 'Tutor availability'}
            </Heading>
            <Text color="fg.muted">
              Weekly hours, exceptions and windows decide when lessons and free trials can be booked.
            </Text>
          </Stack>
          {isAdmin && (
            // Any tutor of the tenant, found by name or e-mail (GET /admin/users/dropdown?userTypes=tutor).
            <PersonSelect
              label="Tutor"
              userTypes="tutor"
              placeholder="Choose a tutor"
              value={tutorId}
              onChange={(value) => setParams(value ? { tutorId: value } : {})}
              width="72"
              labelFirst
            />
          )}
        </HStack>
        {tutorId ? (
          <AvailabilityEditor key={tutorId} tutorId={tutorId} isAdmin={isAdmin} />
        ) : (
          <Text color="fg.muted">Choose a tutor to see their availability.</Text>
        )}
      </Stack>
    </Box>
  );
}

function AvailabilityEditor({ tutorId, isAdmin }: { tutorId: string; isAdmin: boolean }) {
  const { data, error, mutate } = useApi(
    ['availability.get', { params: { userId: tutorId } }],
    // A focus refetch would reset the form under the user's unsaved edits.
    { revalidateOnFocus: false },
  );
  const { data: catalogue } = useApi(['curriculums.listWithGrades']);
  if (error) return <Text>This availability could not be loaded.</Text>;
  if (!data) return null;
  return (
    <AvailabilityForm
      // Saving answers a new updatedAt: the form starts again from what the server stored.
      key={data.updatedAt ?? 'never-saved'}
      saved={data}
      tutorId={tutorId}
      isAdmin={isAdmin}
      curricula={catalogue?.docs}
      onSaved={(stored) => mutate(stored, { revalidate: true })}
    />
  );
}

function AvailabilityForm(props: {
  saved: Availability;
  tutorId: string;
  isAdmin: boolean;
  curricula: Curriculum[] | undefined;
  onSaved: (stored: Availability) => unknown;
}) {
  const { saved, isAdmin } = props;
  const [draft, setDraft] = useState<AvailabilityDraft>(() => toDraft(saved));
  const [busy, setBusy] = useState(false);
  const errors = useMemo(() => validateDraft(draft), [draft]);
  const invalid = Object.keys(errors).length > 0;
  const savedBody = useMemo(() => JSON.stringify(toInput(toDraft(saved))), [saved]);
  const dirty = useMemo(() => JSON.stringify(toInput(draft)) !== savedBody, [draft, savedBody]);
  const today = DateTime.now().setZone(draft.timezone).toISODate() ?? DateTime.now().toISODate()!;
  const statusHeld = isStatusHeldByAdmin(saved.status, isAdmin);
  const set =
    <K extends keyof AvailabilityDraft>(field: K) =>
    (value: AvailabilityDraft[K]) =>
      setDraft((d) => ({ ...d, [field]: value }));

  const save = async () => {
    if (invalid) return;
    setBusy(true);
    try {
      const stored = await updateAvailability(props.tutorId, toInput(draft));
      toastSuccess('User Availability Data Updated!');
      await props.onSaved(stored);
    } catch {
      // The red toast said why (the server names the failing fields).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="5">
      <SectionCard title="Time zone and status">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <SelectField
            label="Time zone"
            value={draft.timezone}
            error={errors.timezone}
            helper="Weekly hours and dates are read in this zone."
            onChange={set('timezone')}
          >
            {timeZoneOptions(draft.timezone).map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Status"
            value={draft.status}
            disabled={statusHeld}
            helper={
              statusHeld
                ? 'Set by an admin: please contact them to change it.'
                : 'Only available tutors are offered for new free trials.'
            }
            onChange={(value) => set('status')(value as AvailabilityDraft['status'])}
          >
            {statusOptions(isAdmin).map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </SelectField>
        </Grid>
      </SectionCard>

      <SectionCard title="Weekly hours" description={`Your regular hours each week, in ${draft.timezone}.`}>
        <Stack gap="0">
          {weekdayNames.map((day, weekday) => (
            <Grid
              key={day}
              templateColumns={{ base: '1fr', md: '8rem 1fr' }}
              gap="2"
              py="3"
              borderTopWidth={weekday === 0 ? '0' : '1px'}
              role="group"
              aria-label={day}
            >
              <Text fontWeight="medium" pt="1">
                {day}
              </Text>
              <HoursRanges
                name={day}
                ranges={draft.week[weekday] ?? []}
                emptyText="Unavailable"
                errorAt={(index) => errors[`week.${weekday}.${index}`]}
                onChange={(ranges) =>
                  set('week')(draft.week.map((rows, i) => (i === weekday ? ranges : rows)))
                }
              />
            </Grid>
          ))}
        </Stack>
      </SectionCard>

      <ExceptionsSection
        exceptions={draft.exceptions}
        onChange={set('exceptions')}
        errors={errors}
        today={today}
      />
      <WindowsSection windows={draft.windows} onChange={set('windows')} errors={errors} />
      <SubjectsSection
        subjects={draft.subjects}
        onChange={set('subjects')}
        errors={errors}
        curricula={props.curricula}
      />

      <HStack
        position="sticky"
        bottom="0"
        bg="bg"
        borderTopWidth="1px"
        py="3"
        justify="space-between"
        wrap="wrap"
        gap="3"
        zIndex="docked"
      >
        <Text color="fg.muted" fontSize="sm">
          {saved.updatedAt ? `Last saved ${formatDateTime(saved.updatedAt)}` : 'Never saved'}
        </Text>
        <HStack gap="3">
          {invalid ? (
            <Text color="fg.error" fontSize="sm">
              Fix the highlighted fields to save.
            </Text>
          ) : (
            dirty && <Badge colorPalette="orange">Unsaved changes</Badge>
          )}
          <Button variant="outline" disabled={!dirty || busy} onClick={() => setDraft(toDraft(saved))}>
            Discard changes
          </Button>
          <Button colorPalette="brand" loading={busy} disabled={invalid} onClick={save}>
            Save
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}

export default function AvailabilityPage() {
  return (
    <RequireSession>
      <AvailabilityScreen />
    </RequireSession>
  );
}
