import {
  Badge,
  Button,
  ButtonGroup,
  Card,
  DataList,
  Dialog,
  Field,
  Heading,
  HStack,
  Input,
  Portal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isMonth } from '../../../../shared/money/monthly-totals';
import { enumLabels } from '../../../../shared/rules/enum-labels';
import type { PresentedLessonHistory, TutorPayTotals } from '../../../../shared/schemas/lesson-history';
import { RequireSession } from '../../components/require-session';
import { raiseConcern, useMyPay, useMyPayTotals } from '../../lib/api/tutor-pay';
import { usePageMeta } from '../../lib/meta-tags';
import { moneyText } from '../../lib/money-text';
import { deviceTimeZone, formatDateTime } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';

const PAGE_SIZE = 10;
const MISSING = '-';

const concernLabels = {
  PENDING: 'Concern pending',
  RESOLVED: 'Concern resolved',
  REJECTED: 'Concern rejected',
};
const concernPalette = { PENDING: 'orange', RESOLVED: 'green', REJECTED: 'red' } as const;

/** The tutor says what is wrong with a lesson's pay ("Concern raised!"); the school answers it. */
function ConcernDialog({ lesson, onClose }: { lesson: PresentedLessonHistory; onClose: () => void }) {
  const [concern, setConcern] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (!concern.trim()) {
      setError('Say what is wrong');
      return;
    }
    setBusy(true);
    try {
      await raiseConcern({ lessonHistoryId: lesson._id, concern });
      toastSuccess('Concern raised!');
      onClose();
    } catch {
      // Toasted by the API client.
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Raise a concern</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text color="fg.muted">
                  {lesson.course.title}, {formatDateTime(lesson.start, deviceTimeZone())}: paid{' '}
                  {moneyText(lesson.tutorAmount)}.
                </Text>
                <Field.Root invalid={!!error} required>
                  <Field.Label>
                    What is wrong with this lesson's pay? <Field.RequiredIndicator />
                  </Field.Label>
                  <Textarea value={concern} rows={4} onChange={(e) => setConcern(e.target.value)} />
                  {error && <Field.ErrorText>{error}</Field.ErrorText>}
                </Field.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button loading={busy} onClick={send}>
                Raise concern
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function PayCell({ lesson }: { lesson: PresentedLessonHistory }) {
  return (
    <Stack gap="0.5" align="start">
      <Text fontWeight="medium" whiteSpace="nowrap">
        {moneyText(lesson.tutorAmount)}
      </Text>
      {lesson.tutorPenalty ? (
        <Badge size="sm" colorPalette="red">
          Penalty {lesson.tutorPenalty}%{lesson.tutorPenaltyReason ? `: ${lesson.tutorPenaltyReason}` : ''}
        </Badge>
      ) : null}
      {lesson.lessonExtension && lesson.classExtensionRequestStatus === 'APPROVED' ? (
        <Badge size="sm" colorPalette="blue">
          Extension {lesson.lessonExtension} min
        </Badge>
      ) : null}
    </Stack>
  );
}

type PayTotal = TutorPayTotals['totals'][number];
const totalParts: Array<{ part: Exclude<keyof PayTotal, 'currency' | 'total'>; label: string }> = [
  { part: 'lessons', label: 'Lessons' },
  { part: 'extensions', label: 'Extensions' },
  { part: 'penalties', label: 'Penalties' },
  { part: 'waived', label: 'Waived penalties' },
  { part: 'adjustments', label: 'Adjustments' },
];

/**
 * The month's pay (GET /lesson-history/tutor-payments/totals): lessons + extensions - penalties + waived
 * penalties +/- adjustments, one column per currency the tutor was paid in (never added across currencies).
 * The month is the tutor's own, from its first to its last millisecond in the device's zone.
 */
function PayTotalsCard({
  month,
  zone,
  onMonth,
}: {
  month: string;
  zone: string;
  onMonth: (m: string) => void;
}) {
  const first = DateTime.fromFormat(month, 'yyyy-MM', { zone });
  const { data } = useMyPayTotals({
    startDate: first.startOf('month').toISO() ?? month,
    endDate: first.endOf('month').toISO() ?? month,
  });
  return (
    <Card.Root size="sm" aria-label="Pay this month" role="region">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h2" size="md">
            Pay in {first.toFormat('LLLL yyyy')}
          </Heading>
          <Input
            size="sm"
            type="month"
            width="auto"
            aria-label="Pay month"
            value={month}
            onChange={(event) => isMonth(event.target.value) && onMonth(event.target.value)}
          />
        </HStack>
      </Card.Header>
      <Card.Body>
        {!data ? (
          <Text color="fg.muted">Adding up…</Text>
        ) : data.totals.length === 0 ? (
          <Text color="fg.muted">Nothing paid in this month yet.</Text>
        ) : (
          <SimpleGrid columns={{ base: 1, md: Math.min(data.totals.length, 3) }} gap="4">
            {data.totals.map((total) => (
              <DataList.Root key={total.currency} orientation="horizontal" size="sm">
                {totalParts.map(({ part, label }) => (
                  <DataList.Item key={part}>
                    <DataList.ItemLabel>{label}</DataList.ItemLabel>
                    <DataList.ItemValue justifyContent="end" whiteSpace="nowrap">
                      {moneyText(
                        { amount: total[part], currency: total.currency },
                        { signed: part === 'adjustments' },
                      )}
                    </DataList.ItemValue>
                  </DataList.Item>
                ))}
                <DataList.Item borderTopWidth="1px" pt="2">
                  <DataList.ItemLabel fontWeight="semibold">Total</DataList.ItemLabel>
                  <DataList.ItemValue
                    justifyContent="end"
                    fontWeight="semibold"
                    whiteSpace="nowrap"
                    data-testid={`pay-total-${total.currency}`}
                  >
                    {moneyText({ amount: total.total, currency: total.currency })}
                  </DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            ))}
          </SimpleGrid>
        )}
        {data && data.lines.length > 0 && (
          <Text color="fg.muted" fontSize="xs" mt="3">
            From {data.lines.length} {data.lines.length === 1 ? 'record' : 'records'}: lessons, waivers and
            adjustments of the month.
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * "My pay": a tutor's own lessons that ended, newest first, each with the rate it was paid at, what it
 * pays (after penalties, extensions and adjustments) and whether the school has paid it; a concern about
 * a lesson's pay is raised from its row and its answer shown there. `page` is kept in the address.
 */
function MyPay() {
  usePageMeta('My pay');
  const zone = deviceTimeZone();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const asked = params.get('month') ?? '';
  const month = isMonth(asked) ? asked : DateTime.now().setZone(zone).toFormat('yyyy-MM');
  const { data } = useMyPay({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const [concernFor, setConcernFor] = useState<PresentedLessonHistory | null>(null);
  const total = data?.totalDocs ?? 0;
  const goTo = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });
  const setMonth = (next: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('month', next);
      return updated;
    });
  return (
    <Stack gap="5" p={{ base: '4', md: '8' }} maxW="6xl" mx="auto">
      <Heading as="h1" size="2xl">
        My pay
      </Heading>
      <PayTotalsCard month={month} zone={zone} onMonth={setMonth} />
      {data && data.docs.length === 0 ? (
        <Text color="fg.muted">No lessons yet: each lesson you teach shows here once it has ended.</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label="My pay">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Lesson</Table.ColumnHeader>
                <Table.ColumnHeader>Minutes</Table.ColumnHeader>
                <Table.ColumnHeader>Rate / hour</Table.ColumnHeader>
                <Table.ColumnHeader>Pay</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Concern</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(data?.docs ?? []).map((lesson) => (
                <Table.Row key={lesson._id}>
                  <Table.Cell>
                    <Text fontWeight="medium">{lesson.course.title || lesson.title}</Text>
                    <Text color="fg.muted" whiteSpace="nowrap">
                      {formatDateTime(lesson.start, zone)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{lesson.duration}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{moneyText(lesson.tutorRate)}</Table.Cell>
                  <Table.Cell>
                    <PayCell lesson={lesson} />
                  </Table.Cell>
                  <Table.Cell>
                    {lesson.tutorPaymentStatus
                      ? enumLabels.tutorPaymentStatus[lesson.tutorPaymentStatus]
                      : MISSING}
                  </Table.Cell>
                  <Table.Cell>
                    {lesson.tutorConcern ? (
                      <Stack gap="1" align="start">
                        <Badge colorPalette={concernPalette[lesson.tutorConcern.status]}>
                          {concernLabels[lesson.tutorConcern.status]}
                        </Badge>
                        {lesson.tutorConcern.response && (
                          <Text color="fg.muted">{lesson.tutorConcern.response}</Text>
                        )}
                      </Stack>
                    ) : null}
                    {lesson.tutorConcern?.status !== 'PENDING' && (
                      <Button size="xs" variant="outline" mt="1" onClick={() => setConcernFor(lesson)}>
                        Raise concern
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {total > PAGE_SIZE && (
        <HStack justify="space-between">
          <Text color="fg.muted">
            {(page - 1) * PAGE_SIZE + 1}–{Math.min(page * PAGE_SIZE, total)} of {total}
          </Text>
          <ButtonGroup size="sm" variant="outline">
            <Button disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </Button>
            <Button disabled={page * PAGE_SIZE >= total} onClick={() => goTo(page + 1)}>
              Next
            </Button>
          </ButtonGroup>
        </HStack>
      )}
      {concernFor && <ConcernDialog lesson={concernFor} onClose={() => setConcernFor(null)} />}
    </Stack>
  );
}

export default function MyPayPage() {
  return (
    <RequireSession>
      <MyPay />
    </RequireSession>
  );
}
