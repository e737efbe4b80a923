import {
  Badge,
  Box,
  Button,
  ButtonGroup,
  DataList,
  Dialog,
  Heading,
  HStack,
  Portal,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { enumLabels } from '../../../../shared/rules/enum-labels';
import { changeScopeLabel, requestStatuses } from '../../../../shared/scheduling/lesson-changes';
import type { MeetingRequest } from '../../../../shared/schemas/meeting';
import { RequireSession } from '../../components/require-session';
import { SelectField } from '../../components/select-field';
import { useMyLessonRequest, useMyLessonRequests } from '../../lib/api/lesson-requests';
import { usePageMeta } from '../../lib/meta-tags';
import { deviceTimeZone, formatDateTime } from '../../lib/time-zone';
import { requestPageQuery, statusPalette, timeRange, typeLabels } from './request-view';

type Request = Partial<MeetingRequest>;
const PAGE_SIZE = 10;

const personName = (p: { firstname: string; lastname: string } | null | undefined) =>
  p ? `${p.firstname} ${p.lastname}` : '-';

function StatusBadge({ status }: { status: Request['status'] }) {
  return (
    <Badge colorPalette={statusPalette[status ?? 'PENDING']}>
      {enumLabels.requestStatus[status ?? 'PENDING']}
    </Badge>
  );
}

/** One request in full (GET /meeting-requests/{id}): the lesson, both times, the reason and the answer. */
function RequestDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const zone = deviceTimeZone();
  const { data: request, error } = useMyLessonRequest(id);
  const rows: Array<[string, string]> = request
    ? [
        ['Lesson', `${request.lessonTitle} · ${request.courseTitle}`],
        ['Request', typeLabels[request.type ?? 'CANCEL']],
        ...(changeScopeLabel(request)
          ? [['Applies to', changeScopeLabel(request) ?? ''] as [string, string]]
          : []),
        ['Lesson time', timeRange(request.start, request.end, zone)],
        ...(request.type === 'RESCHEDULE'
          ? [['New time', timeRange(request.newStart, request.newEnd, zone)] as [string, string]]
          : []),
        ['Reason', request.reason ?? '-'],
        ['Reason category', request.category ?? '-'],
        ['Note', request.note || '-'],
        ['Requested by', `${personName(request.requestedBy)} (${request.requestedByRole?.toLowerCase()})`],
        ['Requested on', formatDateTime(request.createdAt, zone)],
        ['Answered by', personName(request.respondedBy)],
        ['Answered on', formatDateTime(request.respondedAt, zone)],
        ['Admin note', request.adminNote || '-'],
      ]
    : [];
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <HStack gap="2">
                <Dialog.Title>Lesson request</Dialog.Title>
                {request && <StatusBadge status={request.status} />}
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
              {error ? (
                <Text>This request could not be loaded.</Text>
              ) : (
                <DataList.Root orientation="horizontal" gap="2">
                  {rows.map(([label, value]) => (
                    <DataList.Item key={label}>
                      <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
                      <DataList.ItemValue>{value}</DataList.ItemValue>
                    </DataList.Item>
                  ))}
                </DataList.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * "My requests": the caller's own cancel and reschedule requests (GET /meeting-requests: as the one who
 * asked, or as the lesson's student or tutor), newest first, filtered by status and type, with the lesson's
 * time and the asked-for time in the viewer's zone. `?id=` opens one request; `status`, `type` and `page`
 * are kept in the address so Back and reload keep the view.
 */
function Requests() {
  usePageMeta('My requests');
  const zone = deviceTimeZone();
  const [search, setSearch] = useSearchParams();
  const view = requestPageQuery(search);
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearch(next, { replace: true });
  };
  const { data, isLoading } = useMyLessonRequests({
    limit: PAGE_SIZE,
    offset: view.page * PAGE_SIZE,
    sortKey: 'createdAt',
    sortValue: 'desc',
    ...(view.status ? { statuses: view.status } : {}),
    ...(view.type ? { type: view.type } : {}),
  });
  const pages = data ? Math.max(1, Math.ceil(data.totalDocs / PAGE_SIZE)) : 1;

  return (
    <Box maxW="7xl" mx="auto" px="4" py="8">
      <Stack gap="5">
        <Stack gap="0">
          <Heading as="h1" size="2xl">
            My requests
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Your lesson cancellations and reschedules · times in {zone}
          </Text>
        </Stack>
        <HStack gap="3" align="end" wrap="wrap">
          <SelectField
            label="Status"
            width="48"
            value={view.status}
            placeholder="All statuses"
            onChange={(status) => update({ status, page: '' })}
          >
            {requestStatuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Type"
            width="48"
            value={view.type}
            placeholder="All types"
            onChange={(type) => update({ type, page: '' })}
          >
            <option value="CANCEL">{typeLabels.CANCEL}</option>
            <option value="RESCHEDULE">{typeLabels.RESCHEDULE}</option>
          </SelectField>
        </HStack>
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="My requests">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Lesson</Table.ColumnHeader>
                <Table.ColumnHeader>Request</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Lesson time</Table.ColumnHeader>
                <Table.ColumnHeader>New time</Table.ColumnHeader>
                <Table.ColumnHeader>Reason</Table.ColumnHeader>
                <Table.ColumnHeader>Requested</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data?.docs.map((request) => (
                <Table.Row key={request._id} data-testid="request-row">
                  <Table.Cell>
                    <Text fontWeight="medium">{request.lessonTitle}</Text>
                    <Text color="fg.muted" fontSize="xs">
                      {request.courseTitle}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    {typeLabels[request.type ?? 'CANCEL']}
                    {changeScopeLabel(request) && (
                      <Text color="fg.muted" fontSize="xs">
                        {changeScopeLabel(request)}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <StatusBadge status={request.status} />
                  </Table.Cell>
                  <Table.Cell>{timeRange(request.start, request.end, zone)}</Table.Cell>
                  <Table.Cell>
                    {request.type === 'RESCHEDULE' ? timeRange(request.newStart, request.newEnd, zone) : '-'}
                  </Table.Cell>
                  <Table.Cell>
                    <Text>{request.reason}</Text>
                    {request.category && (
                      <Text color="fg.muted" fontSize="xs">
                        {request.category}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>{formatDateTime(request.createdAt, zone)}</Table.Cell>
                  <Table.Cell>
                    <Button size="xs" variant="outline" onClick={() => update({ id: request._id ?? '' })}>
                      Details
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {data && data.docs.length === 0 && (
          <Text color="fg.muted">
            {view.status || view.type ? 'No requests match these filters.' : 'You have no lesson requests.'}
          </Text>
        )}
        {isLoading && <Text color="fg.muted">Loading…</Text>}
        {data && data.totalDocs > PAGE_SIZE && (
          <HStack justify="space-between">
            <Text fontSize="sm" color="fg.muted">
              {data.totalDocs} requests · page {view.page + 1} of {pages}
            </Text>
            <ButtonGroup size="sm" variant="outline" attached>
              <Button disabled={view.page === 0} onClick={() => update({ page: String(view.page - 1) })}>
                Previous
              </Button>
              <Button
                disabled={view.page + 1 >= pages}
                onClick={() => update({ page: String(view.page + 1) })}
              >
                Next
              </Button>
            </ButtonGroup>
          </HStack>
        )}
      </Stack>
      {view.id && <RequestDetail id={view.id} onClose={() => update({ id: '' })} />}
    </Box>
  );
}

export default function RequestsPage() {
  return (
    <RequireSession>
      <Requests />
    </RequireSession>
  );
}
