import { Badge, Box, Button, Card, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { PenaltyWaiverDoc } from '../../../../shared/schemas/penalty-waiver';
import { FormDialog } from '../../components/form-dialog';
import { AppealBadge, waiverAmountText } from '../../components/penalty-waiver-labels';
import { RequireSession } from '../../components/require-session';
import { callApi, useApi } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { canCall } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { deviceTimeZone, formatDateTime } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';

const PAGE_SIZE = 20;

/** The tutor's appeal of one penalty: why it should be lifted ("Penalty appeal request sent!"). */
function AppealDialog({
  waiver,
  onClose,
  onSent,
}: {
  waiver: PenaltyWaiverDoc;
  onClose: () => void;
  onSent: (waiver: PenaltyWaiverDoc) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (!note.trim()) {
      setError('Say why the penalty should be lifted');
      return;
    }
    setBusy(true);
    try {
      const sent = await callApi('penaltyWaivers.appeal', {
        params: { penaltyWaiverId: waiver._id },
        body: { appealTutorNote: note.trim() },
      });
      toastSuccess('Penalty appeal request sent!');
      onSent(sent);
    } catch {
      // Toasted by the API client.
      setBusy(false);
    }
  };
  return (
    <FormDialog
      onClose={onClose}
      title="Appeal this penalty"
      onSave={send}
      busy={busy}
      saveLabel="Send appeal"
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {waiver.reason}
        </Text>
        <Textarea
          aria-label="Why the penalty should be lifted"
          placeholder="Why the penalty should be lifted"
          rows={4}
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            setError(undefined);
          }}
        />
        {error && (
          <Text color="fg.error" fontSize="sm">
            {error}
          </Text>
        )}
        <Text fontSize="xs" color="fg.muted">
          A penalty is appealed once; an admin answers it.
        </Text>
      </Stack>
    </FormDialog>
  );
}

function PenaltyCard({
  waiver,
  canAppeal,
  onAppeal,
}: {
  waiver: PenaltyWaiverDoc;
  canAppeal: boolean;
  onAppeal: () => void;
}) {
  const zone = deviceTimeZone();
  const appealable = canAppeal && waiver.type === 'DEDUCTION' && !waiver.appealStatus;
  return (
    <Card.Root
      size="sm"
      aria-label={`Penalty of ${formatDateTime(waiver.lessonStart ?? waiver.createdAt, zone)}`}
    >
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" align="start" gap="3" wrap="wrap">
            <Box>
              <Text fontWeight="semibold">{waiver.courseTitle ?? 'Pay adjustment'}</Text>
              <Text fontSize="sm" color="fg.muted">
                {waiver.lessonStart
                  ? `Lesson of ${formatDateTime(waiver.lessonStart, zone)}`
                  : formatDateTime(waiver.createdAt, zone)}
              </Text>
            </Box>
            <Text
              fontWeight="semibold"
              whiteSpace="nowrap"
              color={waiver.type === 'DEDUCTION' ? 'fg.error' : 'fg.success'}
              textDecoration={waiver.appealStatus === 'ACCEPTED' ? 'line-through' : undefined}
            >
              {waiverAmountText(waiver)}
              {waiver.percent ? ` (${waiver.percent}%)` : ''}
            </Text>
          </HStack>
          <Text fontSize="sm">{waiver.reason}</Text>
          <HStack gap="2" wrap="wrap">
            {waiver.appealStatus && <AppealBadge status={waiver.appealStatus} />}
            <Badge size="sm" colorPalette={waiver.paymentStatus === 'PAID' ? 'green' : 'gray'}>
              {waiver.paymentStatus === 'PAID' ? 'Paid' : 'Processing'}
            </Badge>
          </HStack>
          {waiver.appealTutorNote && (
            <Text fontSize="sm" color="fg.muted">
              Your appeal: {waiver.appealTutorNote}
            </Text>
          )}
          {waiver.appealAdminNote && (
            <Text fontSize="sm" color="fg.muted">
              Answer: {waiver.appealAdminNote}
            </Text>
          )}
          {appealable && (
            <Box>
              <Button size="sm" variant="outline" onClick={onAppeal}>
                Appeal
              </Button>
            </Box>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Penalties() {
  usePageMeta('My penalties');
  const user = useSession()?.user;
  const canAppeal = canCall(user, 'penaltyWaivers.appeal');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const { data, mutate } = useApi(
    ['penaltyWaivers.list', { query: { limit, offset: 0, includeTutorAmountData: '1' } }],
    { keepPreviousData: true },
  );
  const [appealing, setAppealing] = useState<PenaltyWaiverDoc>();
  return (
    <Box maxW="3xl" mx="auto" px="4" py="6">
      <Stack gap="4">
        <Box>
          <Heading as="h1" size="xl">
            My penalties
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            What late changes and the school's adjustments take from or give to your pay. A penalty you think
            is wrong can be appealed once.
          </Text>
        </Box>
        {data && data.docs.length === 0 && <Text color="fg.muted">You have no penalties.</Text>}
        {data?.docs.map((waiver) => (
          <PenaltyCard
            key={waiver._id}
            waiver={waiver}
            canAppeal={canAppeal}
            onAppeal={() => setAppealing(waiver)}
          />
        ))}
        {data && data.totalDocs > data.docs.length && (
          <Box>
            <Button variant="outline" size="sm" onClick={() => setLimit(Math.min(limit + PAGE_SIZE, 100))}>
              Show more
            </Button>
          </Box>
        )}
      </Stack>
      {appealing && (
        <AppealDialog
          waiver={appealing}
          onClose={() => setAppealing(undefined)}
          onSent={(sent) => {
            setAppealing(undefined);
            void mutate(
              (current) =>
                current && {
                  ...current,
                  docs: current.docs.map((doc) => (doc._id === sent._id ? sent : doc)),
                },
              { revalidate: false },
            );
          }}
        />
      )}
    </Box>
  );
}

/** The tutor's penalties (spec 001 "Penalty waivers": the tutor's view, with the appeal). */
export default function PenaltiesPage() {
  return (
    <RequireSession>
      <Penalties />
    </RequireSession>
  );
}
