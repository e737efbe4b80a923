import {
  Badge,
  Box,
  Button,
  ButtonGroup,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { dayBoundary } from '../../components/admin/date-filters';
import { PaymentHistoryTable } from '../../components/billing/payment-history-table';
import { TransactionLogTable } from '../../components/billing/transaction-log-table';
import { RequireSession } from '../../components/require-session';
import { paths, withQuery } from '../../config/paths';
import { useCourseCredits, usePaymentHistory, useTransactionLogs } from '../../lib/api/billing';
import { usePageMeta } from '../../lib/meta-tags';
import { creditsText, minutesText } from '../../lib/money-text';
import { canCall } from '../../lib/permissions';
import { deviceTimeZone, formatDateTime } from '../../lib/time-zone';
import { CustomerPortalButton, PayerPicker, usePayer } from './billing-parts';

const PAGE_SIZE = 10;

/** The page's state in its address: whose, which dates, which page of each list. */
function useBillingQuery() {
  const [params, setParams] = useSearchParams();
  const zone = deviceTimeZone();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const pageOf = (name: string) => Math.max(1, Number(params.get(name)) || 1);
  const set = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === '' || value === '1') next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  const startDate = from ? dayBoundary(from, 'start', zone) : undefined;
  const endDate = to ? dayBoundary(to, 'end', zone) : undefined;
  const range = { ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) };
  return { from, to, range, paymentsPage: pageOf('payments'), logsPage: pageOf('logs'), set };
}

function Pager(props: { label: string; page: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(props.total / PAGE_SIZE));
  if (props.total <= PAGE_SIZE) return null;
  return (
    <HStack justify="space-between" gap="3" wrap="wrap">
      <Text fontSize="sm" color="fg.muted">
        Page {props.page} of {pages}
      </Text>
      <ButtonGroup size="sm" variant="outline" attached>
        <Button
          aria-label={`${props.label}: previous page`}
          disabled={props.page <= 1}
          onClick={() => props.onPage(props.page - 1)}
        >
          Previous
        </Button>
        <Button
          aria-label={`${props.label}: next page`}
          disabled={props.page >= pages}
          onClick={() => props.onPage(props.page + 1)}
        >
          Next
        </Button>
      </ButtonGroup>
    </HStack>
  );
}

function Section(props: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card.Root data-testid={props.testId}>
      <Card.Header>
        <Heading as="h2" size="lg">
          {props.title}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">{props.children}</Card.Body>
    </Card.Root>
  );
}

function Credits({ userId }: { userId: string | undefined }) {
  const { data } = useCourseCredits(userId);
  if (!data) return <Text color="fg.muted">Loading credits…</Text>;
  if (data.docs.length === 0 && data.planMinutes === 0 && !data.accessUntil) {
    return <Text color="fg.muted">No course is paid by credits, and no lesson minutes are left.</Text>;
  }
  return (
    <Stack gap="2">
      {data.accessUntil && (
        <HStack justify="space-between" gap="3" data-testid="billing-plan-access">
          <Text>Lessons included (flexible plan)</Text>
          <Badge colorPalette="green" size="lg">
            until {formatDateTime(data.accessUntil)}
          </Badge>
        </HStack>
      )}
      {data.planMinutes !== 0 && (
        <HStack justify="space-between" gap="3" data-testid="billing-plan-minutes">
          <Text>Lesson minutes (flexible plans)</Text>
          <Badge colorPalette={data.planMinutes > 0 ? 'green' : 'gray'} size="lg">
            {minutesText(data.planMinutes)}
          </Badge>
        </HStack>
      )}
      {data.docs.map((course) => (
        <HStack key={course.courseId} justify="space-between" gap="3">
          <Text>{course.courseTitle}</Text>
          <Badge colorPalette={course.credits > 0 ? 'green' : 'gray'} size="lg">
            {creditsText(course.credits)}
          </Badge>
        </HStack>
      ))}
    </Stack>
  );
}

function Payments(props: {
  userId: string | undefined;
  range: { startDate?: string; endDate?: string };
  page: number;
  onPage: (page: number) => void;
}) {
  const { data } = usePaymentHistory({
    limit: PAGE_SIZE,
    offset: (props.page - 1) * PAGE_SIZE,
    ...props.range,
    ...(props.userId ? { userId: props.userId } : {}),
  });
  if (!data) return <Text color="fg.muted">Loading payments…</Text>;
  if (data.totalDocs === 0) return <Text color="fg.muted">No payments yet.</Text>;
  return (
    <Stack gap="3">
      <PaymentHistoryTable docs={data.docs} />
      <Pager label="Payments" page={props.page} total={data.totalDocs} onPage={props.onPage} />
    </Stack>
  );
}

function Logs(props: {
  userId: string | undefined;
  range: { startDate?: string; endDate?: string };
  page: number;
  onPage: (page: number) => void;
}) {
  const { data } = useTransactionLogs({
    limit: PAGE_SIZE,
    offset: (props.page - 1) * PAGE_SIZE,
    ...props.range,
    ...(props.userId ? { userId: props.userId } : {}),
  });
  if (!data) return <Text color="fg.muted">Loading transactions…</Text>;
  if (data.totalDocs === 0) return <Text color="fg.muted">No transactions yet.</Text>;
  return (
    <Stack gap="3">
      <TransactionLogTable docs={data.docs} />
      <Pager label="Transactions" page={props.page} total={data.totalDocs} onPage={props.onPage} />
    </Stack>
  );
}

/**
 * Billing (issue #18 item 7): the payer's course credits, payment history and transaction logs (paged,
 * within dates), with the way to the plans and to the Customer Portal. A parent picks the child.
 */
function Billing() {
  usePageMeta('Billing');
  const { user, choices, payer, choose } = usePayer();
  const query = useBillingQuery();
  // Billing viewers (spec 000 section 6: billing view).
  if (!canCall(user, 'payments.plans')) {
    return (
      <Box maxW="3xl" mx="auto" px="4" py="8">
        <Text>Billing is not available for this account.</Text>
      </Box>
    );
  }
  const userId = payer?.userId;
  const readsHistory = canCall(user, 'paymentHistory.list');
  return (
    <Box maxW="6xl" mx="auto" px="4" py="8">
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            Billing
          </Heading>
          <Text color="fg.muted">
            Payments, transactions and lesson credits{userId ? ` of ${payer?.name}` : ''}.
          </Text>
        </Stack>
        <HStack gap="3" wrap="wrap" align="end" justify="space-between">
          <PayerPicker choices={choices} payer={payer} onChoose={choose} />
          <HStack gap="2" wrap="wrap">
            {canCall(user, 'payments.plans') && (
              <Button asChild size="sm" colorPalette="brand">
                <RouterLink to={withQuery(paths.subscriptions, userId ? { child: userId } : {})}>
                  Plans and subscriptions
                </RouterLink>
              </Button>
            )}
            <CustomerPortalButton payer={payer} />
          </HStack>
        </HStack>
        <Section title="Lesson credits" testId="billing-credits">
          <Credits userId={userId} />
        </Section>
        {readsHistory && (
          <>
            <HStack gap="3" wrap="wrap" align="end">
              <Field.Root w="auto">
                <Field.Label>From</Field.Label>
                <Input
                  type="date"
                  size="sm"
                  value={query.from}
                  onChange={(e) => query.set({ from: e.target.value, payments: '1', logs: '1' })}
                />
              </Field.Root>
              <Field.Root w="auto">
                <Field.Label>To</Field.Label>
                <Input
                  type="date"
                  size="sm"
                  value={query.to}
                  onChange={(e) => query.set({ to: e.target.value, payments: '1', logs: '1' })}
                />
              </Field.Root>
            </HStack>
            <Section title="Payment history" testId="payment-history">
              <Payments
                userId={userId}
                range={query.range}
                page={query.paymentsPage}
                onPage={(page) => query.set({ payments: String(page) })}
              />
            </Section>
            <Section title="Transaction logs" testId="transaction-logs">
              <Logs
                userId={userId}
                range={query.range}
                page={query.logsPage}
                onPage={(page) => query.set({ logs: String(page) })}
              />
            </Section>
          </>
        )}
      </Stack>
    </Box>
  );
}

export default function BillingPage() {
  return (
    <RequireSession>
      <Billing />
    </RequireSession>
  );
}
