import * as z from 'zod';
import {
  edgeRanges,
  type Month,
  monthsBetween,
  revenueFromSummaries,
  tutorPayFromSummaries,
} from '../../shared/money/monthly-totals';
import { moneyDoc, storedMoneySchema } from '../../shared/money/schemas';
import type { FinanceReportQuery, RevenueReport, TutorPayReport } from '../../shared/routes/finance-reports';
import { revenueSummariesBetween, tutorPaySummariesBetween } from '../repositories/finance-summaries';
import { keys } from '../table/access-patterns';
import type { IndexName } from '../table/definition';
import { keyConditionQuery } from '../table/entity';
import { queryItems } from '../table/query';

/**
 * The finance overview's figures (shared/routes/finance-reports.ts): the monthly summaries of the period's
 * UTC months (one range read, about one item per month and currency, whatever the period's length), and,
 * for a zone other than UTC, the facts of the hours where its months and UTC's differ (one small range read
 * per month boundary, in parallel, reading only the attributes the sums need). The pure rules of
 * shared/money/monthly-totals.ts put them together.
 */

/** The items of an index partition whose sort key (`<instant>#<id>`) falls in [start, end), projected. */
async function itemsBetween(
  index: IndexName,
  partition: string,
  range: { start: string; end: string },
  attributes: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  // `<end>#…` sorts after `<end>`: the range stops before the facts at the end instant.
  const base = keyConditionQuery({ index, partition, sortKey: { between: [range.start, range.end] } });
  const names = Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name]));
  return queryItems({
    ...base,
    ExpressionAttributeNames: { ...base.ExpressionAttributeNames, ...names },
    ProjectionExpression: Object.keys(names).join(', '),
  });
}

/** The facts of every edge range of the period in `zone` (none in UTC). */
async function edgeItems(
  index: IndexName,
  partition: string,
  months: readonly Month[],
  zone: string,
  attributes: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  const ranges = edgeRanges(months, zone);
  return (await Promise.all(ranges.map((range) => itemsBetween(index, partition, range, attributes)))).flat();
}

const paymentFactSchema = z.object({ kind: z.string(), amount: storedMoneySchema, createdAt: z.string() });
const lessonFactSchema = z.object({ start: z.string(), tutorAmount: storedMoneySchema.nullish() });

export async function revenueReport(tenant: string, query: FinanceReportQuery): Promise<RevenueReport> {
  const zone = query.timeZone ?? 'UTC';
  const months = monthsBetween(query.from, query.to);
  const [summaries, edges] = await Promise.all([
    revenueSummariesBetween(tenant, query.from, query.to),
    edgeItems('gsi2', keys.paymentsIndex(tenant), months, zone, ['kind', 'amount', 'createdAt']),
  ]);
  const series = revenueFromSummaries(
    summaries,
    edges.map((item) => paymentFactSchema.parse(item)),
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
  const [summaries, edges] = await Promise.all([
    tutorPaySummariesBetween(tenant, query.from, query.to),
    edgeItems('gsi1', keys.lessonHistoryIndex(tenant), months, zone, ['start', 'tutorAmount']),
  ]);
  const series = tutorPayFromSummaries(
    summaries,
    edges.map((item) => lessonFactSchema.parse(item)),
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
