import type { z } from 'zod';
import { BadRequestError, NotFoundError } from '../../shared/http/errors';
import { toMajor } from '../../shared/money/money';
import { moneyDoc } from '../../shared/money/schemas';
import { isBackOfficeRole } from '../../shared/permissions/check';
import { payTotals, tutorPayLines } from '../../shared/rules/tutor-pay-totals';
import { dateFilterRange } from '../../shared/scheduling/date-filters';
import {
  MAX_PAY_PERIOD_DAYS,
  type TutorPayTotals,
  type tutorPayTotalsQuerySchema,
} from '../../shared/schemas/lesson-history';
import type { Page } from '../../shared/schemas/paging';
import type { Caller } from '../lib/request';
import { tutorLessonHistoryBetween } from '../repositories/lesson-history';
import { manualAdjustmentsRepository } from '../repositories/manual-adjustments';
import { penaltyWaiversRepository } from '../repositories/penalty-waivers';
import { getUser } from '../repositories/users';

const DAY_MS = 86_400_000;
const PAGE = 100;

/** Every record of a paged read (the period bounds how many there are). */
async function everyPage<T>(
  read: (page: { limit: number; offset: number }) => Promise<Page<T>>,
): Promise<T[]> {
  const records: T[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await read({ limit: PAGE, offset });
    records.push(...page.docs);
    if (page.docs.length < PAGE) return records;
  }
}

/**
 * GET /lesson-history/tutor-payments/totals (shared/rules/tutor-pay-totals.ts): the tutor's lesson rows of
 * the period (by the lesson's start), their penalty waivers (by the lesson's start, else their creation)
 * and their manual adjustments (by creation), each read from its tutor index, then totalled by the rule.
 * A tutor reads their own only (another tutor's is a 404, as an unknown one); the back-office names one.
 */
export async function tutorPayTotalsFor(
  tenant: string,
  caller: Caller,
  query: z.output<typeof tutorPayTotalsQuerySchema>,
): Promise<TutorPayTotals> {
  const backOffice = isBackOfficeRole(caller.role);
  const tutorId = query.tutorId ?? (backOffice ? undefined : caller.user._id);
  if (!tutorId) throw new BadRequestError('tutorId: Name the tutor whose pay to total');
  if (!backOffice && tutorId !== caller.user._id) throw new NotFoundError('Tutor not found');
  const range = dateFilterRange(query.startDate, query.endDate);
  if (!range.ok) throw new BadRequestError(range.message);
  const { from, to } = range;
  if (!from || !to) throw new BadRequestError('startDate: Give the period as startDate and endDate');
  if (Date.parse(to) - Date.parse(from) > MAX_PAY_PERIOD_DAYS * DAY_MS) {
    throw new BadRequestError(`endDate: A period is at most ${MAX_PAY_PERIOD_DAYS} days`);
  }
  if (backOffice) {
    const tutor = await getUser(tenant, tutorId);
    if (tutor?.type !== 'tutor') throw new NotFoundError('Tutor not found');
  }
  const [lessons, waivers, adjustments] = await Promise.all([
    tutorLessonHistoryBetween(tenant, tutorId, from, to),
    everyPage((page) =>
      penaltyWaiversRepository.list(tenant, page, { tutorId }, { range: { order: 'date', from, to } }),
    ),
    everyPage((page) =>
      manualAdjustmentsRepository.list(
        tenant,
        page,
        { userId: tutorId },
        { range: { order: 'createdAt', from, to } },
      ),
    ),
  ]);
  const lines = tutorPayLines({ lessons, waivers, adjustments });
  return {
    tutorId,
    startDate: from,
    endDate: to,
    totals: payTotals(lines).map((total) => ({
      currency: total.currency,
      lessons: toMajor(total.lessons),
      extensions: toMajor(total.extensions),
      penalties: toMajor(total.penalties),
      waived: toMajor(total.waived),
      adjustments: toMajor(total.adjustments),
      total: toMajor(total.total),
    })),
    lines: lines.map((line) => ({ ...line, amount: moneyDoc(line.amount) })),
  };
}
