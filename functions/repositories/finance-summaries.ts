import * as z from 'zod';
import {
  type Contribution,
  type Month,
  type MonthSummary,
  type RevenueFigures,
  revenueSummariesOf,
  type TutorPayFigures,
  tutorPaySummariesOf,
} from '../../shared/money/monthly-totals';
import { currencyCodeSchema } from '../../shared/money/settings';
import { tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity, prefixRange } from '../table/entity';
import type { TransactItem } from '../table/transactions';

/**
 * The finance charts' monthly summaries (issue #18 item 7; rules in shared/money/monthly-totals.ts): per
 * tenant, report, UTC month and currency, the figures of that month's facts, moved by an ADD in the very
 * transaction that writes each fact (a payment history row, a lesson's pay entry). A fact is written once,
 * on the condition that its id is free, so its summary moves exactly once: a redelivered webhook fails its
 * row's condition and with it the whole transaction, the ADD included.
 */
export const financeReports = ['REVENUE', 'TUTORPAY'] as const;
type FinanceReport = (typeof financeReports)[number];

const figure = z.number().int();
const summaryKeyFields = { month: z.string(), currency: currencyCodeSchema };

const revenueSummaries = defineEntity({
  name: 'revenueSummary',
  schema: z.object({ ...summaryKeyFields, payments: figure, refunds: figure, count: figure }),
  keyAttributes: ['month', 'currency'],
  key: (tenant, summary) => keys.financeSummary(tenant, 'REVENUE', summary.month, summary.currency),
});

const tutorPaySummaries = defineEntity({
  name: 'tutorPaySummary',
  schema: z.object({ ...summaryKeyFields, amount: figure, lessons: figure }),
  keyAttributes: ['month', 'currency'],
  key: (tenant, summary) => keys.financeSummary(tenant, 'TUTORPAY', summary.month, summary.currency),
});

const ENTITY_NAMES: { [R in FinanceReport]: string } = {
  REVENUE: revenueSummaries.name,
  TUTORPAY: tutorPaySummaries.name,
};

/** The ADD of each month's figures, for the transaction that writes the facts they come from. */
function summaryWrites<Figures extends { [figure: string]: number }>(
  tenant: string,
  report: FinanceReport,
  summaries: ReadonlyArray<MonthSummary<Figures>>,
): TransactItem[] {
  return summaries.map(({ month, currency, figures }) => {
    const names = Object.keys(figures);
    return {
      Update: {
        TableName: tableName(),
        Key: keys.financeSummary(tenant, report, month, currency),
        UpdateExpression: `SET #entity = :entity, #month = :month, #currency = :currency ADD ${names
          .map((_, i) => `#f${i} :f${i}`)
          .join(', ')}`,
        ExpressionAttributeNames: {
          '#entity': 'entity',
          '#month': 'month',
          '#currency': 'currency',
          ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
        },
        ExpressionAttributeValues: {
          ':entity': ENTITY_NAMES[report],
          ':month': month,
          ':currency': currency,
          ...Object.fromEntries(names.map((name, i) => [`:f${i}`, figures[name]])),
        },
      },
    };
  });
}

export function revenueSummaryWrites(
  tenant: string,
  contributions: ReadonlyArray<Contribution<RevenueFigures> | undefined>,
): TransactItem[] {
  return summaryWrites(tenant, 'REVENUE', revenueSummariesOf(contributions));
}

export function tutorPaySummaryWrites(
  tenant: string,
  contributions: ReadonlyArray<Contribution<TutorPayFigures> | undefined>,
): TransactItem[] {
  return summaryWrites(tenant, 'TUTORPAY', tutorPaySummariesOf(contributions));
}

/** The summary items of a bulk load (the benchmarks' seeding), as the ADDs of its facts would leave them. */
export function tutorPaySummaryItems(
  tenant: string,
  contributions: ReadonlyArray<Contribution<TutorPayFigures> | undefined>,
) {
  return tutorPaySummariesOf(contributions).map(({ month, currency, figures }) =>
    tutorPaySummaries.item(tenant, { month, currency, ...figures }),
  );
}

/** The revenue summary items of a bulk load of payment rows (the benchmarks' seeding). */
export function revenueSummaryItems(
  tenant: string,
  contributions: ReadonlyArray<Contribution<RevenueFigures> | undefined>,
) {
  return revenueSummariesOf(contributions).map(({ month, currency, figures }) =>
    revenueSummaries.item(tenant, { month, currency, ...figures }),
  );
}

/** The sort-key range of a report's months from `from` to `to`, both included. */
function monthRange(report: FinanceReport, from: Month, to: Month): readonly [string, string] {
  return [`${report}#${from}`, prefixRange(`${report}#${to}#`)[1]];
}

/** The revenue summaries of the UTC months from `from` to `to`: one range read of the tenant's summaries. */
export async function revenueSummariesBetween(
  tenant: string,
  from: Month,
  to: Month,
): Promise<Array<MonthSummary<RevenueFigures>>> {
  const found = await revenueSummaries.query({
    partition: keys.financeSummaries(tenant),
    sortKey: { between: monthRange('REVENUE', from, to) },
  });
  return found.map(({ month, currency, ...figures }) => ({ month, currency, figures }));
}

/** The tutor pay summaries of the UTC months from `from` to `to`: one range read. */
export async function tutorPaySummariesBetween(
  tenant: string,
  from: Month,
  to: Month,
): Promise<Array<MonthSummary<TutorPayFigures>>> {
  const found = await tutorPaySummaries.query({
    partition: keys.financeSummaries(tenant),
    sortKey: { between: monthRange('TUTORPAY', from, to) },
  });
  return found.map(({ month, currency, ...figures }) => ({ month, currency, figures }));
}
