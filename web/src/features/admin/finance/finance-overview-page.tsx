import { Box, Button, Flex, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CurrencyCode } from '../../../../../shared/money/currencies';
import { isMonth, MAX_REPORT_MONTHS, monthsBetween } from '../../../../../shared/money/monthly-totals';
import type { MoneyDoc } from '../../../../../shared/money/schemas';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { ColumnChart, type ColumnDatum } from '../../../components/column-chart';
import { SelectField } from '../../../components/select-field';
import { useApi } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/meta-tags';
import { moneyText } from '../../../lib/money-text';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/use-tenant';

/** The month `back` months before this one in the zone, as YYYY-MM. */
const monthInZone = (zone: string, back = 0) =>
  DateTime.now().setZone(zone).minus({ months: back }).toFormat('yyyy-MM');

/** A month's column label ("Jan"), with its year under the first column and under each January. */
const monthLabels = (month: string, index: number) => {
  const date = DateTime.fromFormat(month, 'yyyy-MM');
  return {
    label: date.toFormat('LLL'),
    ...(index === 0 || date.month === 1 ? { subLabel: date.toFormat('yyyy') } : {}),
  };
};

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** The period in the page address (`?from=2026-01&to=2026-06`), the last 12 months by default. */
function usePeriod(zone: string) {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const period =
    isMonth(from) && isMonth(to) ? { from, to } : { from: monthInZone(zone, 11), to: monthInZone(zone) };
  const months = monthsBetween(period.from, period.to).length;
  const problem =
    months === 0
      ? 'The period ends before it starts'
      : months > MAX_REPORT_MONTHS
        ? `Choose at most ${MAX_REPORT_MONTHS} months`
        : undefined;
  const setPeriod = (next: { from?: string; to?: string }) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('from', next.from ?? period.from);
      updated.set('to', next.to ?? period.to);
      return updated;
    });
  return { period, problem, setPeriod };
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Stack gap="0.5" borderWidth="1px" rounded="md" p="3" bg="bg">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold" whiteSpace="nowrap" data-testid={`total-${label}`}>
        {value}
      </Text>
      {detail && (
        <Text fontSize="xs" color="fg.muted">
          {detail}
        </Text>
      )}
    </Stack>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="4" bg="bg">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

const column = (labels: { label: string; subLabel?: string }, amount: MoneyDoc): ColumnDatum => ({
  ...labels,
  value: amount.amount,
  valueLabel: moneyText(amount),
  shortLabel: compact.format(amount.amount),
});

/**
 * /admin/finance (issue #18 item 7): revenue (payments minus refunds) and tutor pay per month of a chosen
 * period, with the period's totals, in one currency at a time (amounts of two currencies are never added).
 */
export default function FinanceOverviewPage() {
  usePageMeta('Finance overview');
  const zone = useAdminZone();
  const user = useSession()?.user;
  const canSeeTutorPay = canCall(user, 'financeReports.tutorPay');
  const { data: tenant } = useTenant();
  const { period, problem, setPeriod } = usePeriod(zone);
  const query = { ...period, timeZone: zone };
  const revenue = useApi(problem ? null : ['financeReports.revenue', { query }], { keepPreviousData: true });
  const tutorPay = useApi(problem || !canSeeTutorPay ? null : ['financeReports.tutorPay', { query }], {
    keepPreviousData: true,
  });
  const [params, setParams] = useSearchParams();
  const currencies = [
    ...new Set<CurrencyCode>([
      ...(revenue.data?.series ?? []).map((s) => s.currency),
      ...(tutorPay.data?.series ?? []).map((s) => s.currency),
    ]),
  ].sort();
  const preferred = tenant?.settings?.money?.defaultCurrency;
  const asked = params.get('currency');
  const currency =
    currencies.find((c) => c === asked) ??
    currencies.find((c) => c === preferred) ??
    currencies[0] ??
    preferred ??
    'USD';
  const months = revenue.data?.months ?? tutorPay.data?.months ?? [];
  const revenueSeries = revenue.data?.series.find((s) => s.currency === currency);
  const paySeries = tutorPay.data?.series.find((s) => s.currency === currency);
  const zeroMoney: MoneyDoc = { amount: 0, currency };
  const revenueColumns = months.map((month, index) =>
    column(
      monthLabels(month, index),
      revenueSeries?.months.find((m) => m.month === month)?.revenue ?? zeroMoney,
    ),
  );
  const payColumns = months.map((month, index) =>
    column(monthLabels(month, index), paySeries?.months.find((m) => m.month === month)?.amount ?? zeroMoney),
  );
  const lessons = paySeries?.total.lessons ?? 0;
  const quick = (back: number) => setPeriod({ from: monthInZone(zone, back - 1), to: monthInZone(zone) });

  return (
    <Stack gap="5">
      <Flex justify="space-between" align="end" gap="4" wrap="wrap">
        <Heading as="h1" size="xl">
          Finance overview
        </Heading>
        <HStack gap="3" wrap="wrap" align="end">
          <Stack gap="1">
            <Text fontSize="sm" fontWeight="medium">
              From
            </Text>
            <Input
              size="sm"
              type="month"
              aria-label="From month"
              value={period.from}
              max={period.to}
              onChange={(event) => isMonth(event.target.value) && setPeriod({ from: event.target.value })}
            />
          </Stack>
          <Stack gap="1">
            <Text fontSize="sm" fontWeight="medium">
              To
            </Text>
            <Input
              size="sm"
              type="month"
              aria-label="To month"
              value={period.to}
              min={period.from}
              onChange={(event) => isMonth(event.target.value) && setPeriod({ to: event.target.value })}
            />
          </Stack>
          <HStack gap="1">
            <Button size="sm" variant="outline" onClick={() => quick(3)}>
              3 months
            </Button>
            <Button size="sm" variant="outline" onClick={() => quick(12)}>
              12 months
            </Button>
            <Button size="sm" variant="outline" onClick={() => quick(24)}>
              24 months
            </Button>
          </HStack>
          {currencies.length > 1 && (
            <SelectField
              label="Currency"
              width="28"
              value={currency}
              onChange={(value) =>
                setParams((current) => {
                  const updated = new URLSearchParams(current);
                  updated.set('currency', value);
                  return updated;
                })
              }
            >
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
          )}
        </HStack>
      </Flex>
      {problem && (
        <Text color="fg.error" role="alert">
          {problem}
        </Text>
      )}

      <SimpleGrid columns={{ base: 2, md: canSeeTutorPay ? 4 : 3 }} gap="3">
        <Stat label="Payments" value={moneyText(revenueSeries?.total.payments ?? zeroMoney)} />
        <Stat label="Refunds" value={moneyText(revenueSeries?.total.refunds ?? zeroMoney)} />
        <Stat label="Revenue" value={moneyText(revenueSeries?.total.revenue ?? zeroMoney)} />
        {canSeeTutorPay && (
          <Stat
            label="Tutor pay"
            value={moneyText(paySeries?.total.amount ?? zeroMoney)}
            detail={`${lessons} ${lessons === 1 ? 'lesson' : 'lessons'}`}
          />
        )}
      </SimpleGrid>

      <ChartCard title="Revenue by month">
        <Text fontSize="sm" color="fg.muted">
          Payments minus refunds, by the month they were made ({currency}).
        </Text>
        {revenue.data ? (
          <ColumnChart title={`Revenue by month in ${currency}`} data={revenueColumns} />
        ) : (
          <Box h="60" />
        )}
      </ChartCard>
      {canSeeTutorPay && (
        <ChartCard title="Tutor pay by month">
          <Text fontSize="sm" color="fg.muted">
            What tutors are owed for their lessons, by the month the lesson was taught ({currency}).
          </Text>
          {tutorPay.data ? (
            <ColumnChart title={`Tutor pay by month in ${currency}`} data={payColumns} tone="teal.500" />
          ) : (
            <Box h="60" />
          )}
        </ChartCard>
      )}
    </Stack>
  );
}
