import * as z from 'zod';
import { isMonth, MAX_REPORT_MONTHS, monthsBetween } from '../money/monthly-totals';
import { moneySchema } from '../money/schemas';
import { currencyCodeSchema } from '../money/settings';
import { timeZoneSchema } from '../schemas/availability';
import { permission, route } from './define';

/**
 * The finance overview's two charts (issue #18 item 7): revenue (payments minus refunds) and tutor pay per
 * month of a period of whole months in the viewer's zone, at most 24 of them. Each is one query over an
 * index by date (the payment history's, the lesson history's), bounded by the period.
 */

const monthSchema = z.string().refine(isMonth, 'Use a month as YYYY-MM');

export const financeReportQuerySchema = z
  .object({
    from: monthSchema,
    to: monthSchema,
    /** The zone the months are in (the viewer's); UTC by default. */
    timeZone: timeZoneSchema.optional(),
  })
  .strict()
  .superRefine((query, context) => {
    if (!isMonth(query.from) || !isMonth(query.to)) return;
    if (query.to < query.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'The period ends before it starts' });
    } else if (monthsBetween(query.from, query.to).length > MAX_REPORT_MONTHS) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A period of at most ${MAX_REPORT_MONTHS} months`,
      });
    }
  });
export type FinanceReportQuery = z.infer<typeof financeReportQuerySchema>;

const revenueFiguresSchema = z.object({ payments: moneySchema, refunds: moneySchema, revenue: moneySchema });

export const revenueReportSchema = z.object({
  months: z.array(z.string()),
  series: z.array(
    z.object({
      currency: currencyCodeSchema,
      months: z.array(revenueFiguresSchema.extend({ month: z.string() })),
      total: revenueFiguresSchema,
    }),
  ),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;

const tutorPayFiguresSchema = z.object({ amount: moneySchema, lessons: z.number() });

export const tutorPayReportSchema = z.object({
  months: z.array(z.string()),
  series: z.array(
    z.object({
      currency: currencyCodeSchema,
      months: z.array(tutorPayFiguresSchema.extend({ month: z.string() })),
      total: tutorPayFiguresSchema,
    }),
  ),
});
export type TutorPayReport = z.infer<typeof tutorPayReportSchema>;

export const financeReportRoutes = [
  route({
    id: 'financeReports.revenue',
    method: 'GET',
    path: '/admin/finance/revenue',
    resource: 'finance-reports',
    access: permission('adminSettings', 'paymentHistoryView'),
    query: financeReportQuerySchema,
    response: revenueReportSchema,
    summary: 'Payments, refunds and revenue per month and currency over a period of at most 24 months',
  }),
  route({
    id: 'financeReports.tutorPay',
    method: 'GET',
    path: '/admin/finance/tutor-pay',
    resource: 'finance-reports',
    // The school's pay to its tutors: the lesson history's admin-only tutor payment history column.
    access: permission('lessonHistory', 'tutorPaymentHistory'),
    query: financeReportQuerySchema,
    response: tutorPayReportSchema,
    summary: "Tutors' pay for lessons per month (of the lesson's start) and currency over at most 24 months",
  }),
] as const;
