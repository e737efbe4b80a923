import * as z from 'zod';
import {
  monthsBetween,
  periodInstants,
  revenueByMonth,
  tutorPayByMonth,
} from '../../shared/money/monthly-totals';
import { moneyDoc, storedMoneySchema } from '../../shared/money/schemas';
import type { FinanceReportQuery, RevenueReport, TutorPayReport } from '../../shared/routes/finance-reports';
import { keys } from '../table/access-patterns';
import type { IndexName } from '../table/definition';
import { keyConditionQuery } from '../table/entity';
import { queryItems } from '../table/query';

/**
 * The finance overview's figures (shared/routes/finance-reports.ts): one query of an index by date over the
 * period (at most 24 months, checked by the query schema), reading only the attributes the sums need, then
 * the pure month buckets of shared/money/monthly-totals.ts.
 */

/** The items of an index partition whose sort key (`<instant>#<id>`) falls in the period, projected. */
async function itemsOfPeriod(
  index: IndexName,
  partition: string,
  query: FinanceReportQuery,
  attributes: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  const { start, end } = periodInstants(query.from, query.to, query.timeZone ?? 'UTC');
  // `<end>#…` sorts after `<end>`: the range stops before the month after the period.
  const base = keyConditionQuery({ index, partition, sortKey: { between: [start, end] } });
  const names = Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name]));
  return queryItems({
    ...base,
    ExpressionAttributeNames: { ...base.ExpressionAttributeNames, ...names },
    ProjectionExpression: Object.keys(names).join(', '),
  });
}

const paymentFactSchema = z.object({ kind: z.string(), amount: storedMoneySchema, createdAt: z.string() });
const lessonFactSchema = z.object({ start: z.string(), tutorAmount: storedMoneySchema.nullish() });

export async function revenueReport(tenant: string, query: FinanceReportQuery): Promise<RevenueReport> {
  const zone = query.timeZone ?? 'UTC';
  const months = monthsBetween(query.from, query.to);
  const items = await itemsOfPeriod('gsi2', keys.paymentsIndex(tenant), query, [
    'kind',
    'amount',
    'createdAt',
  ]);
  const series = revenueByMonth(
    items.map((item) => paymentFactSchema.parse(item)),
    months,
    zone,
  );
  return {
    months,
    series: series.map(({ currency, months: rows, total }) => ({
      currency,
      months: rows.map((row) => ({
        month: row.month,
        payments: moneyDoc(row.payments),
        refunds: moneyDoc(row.refunds),
        revenue: moneyDoc(row.revenue),
      })),
      total: {
        payments: moneyDoc(total.payments),
        refunds: moneyDoc(total.refunds),
        revenue: moneyDoc(total.revenue),
      },
    })),
  };
}

export async function tutorPayReport(tenant: string, query: FinanceReportQuery): Promise<TutorPayReport> {
  const zone = query.timeZone ?? 'UTC';
  const months = monthsBetween(query.from, query.to);
  const items = await itemsOfPeriod('gsi1', keys.lessonHistoryIndex(tenant), query, ['start', 'tutorAmount']);
  const series = tutorPayByMonth(
    items.map((item) => lessonFactSchema.parse(item)),
    months,
    zone,
  );
  return {
    months,
    series: series.map(({ currency, months: rows, total }) => ({
      currency,
      months: rows.map((row) => ({ month: row.month, amount: moneyDoc(row.amount), lessons: row.lessons })),
      total: { amount: moneyDoc(total.amount), lessons: total.lessons },
    })),
  };
}
