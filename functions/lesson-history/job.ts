import { ConflictError } from '../../shared/http/errors';
import { type Money, zero } from '../../shared/money/money';
import { moneySettings } from '../../shared/money/settings';
import { historyScanWindow, type LessonJoin, toLessonHistory } from '../../shared/rules/lesson-history';
import { payAtWrite, rateClassOf, rateKindOf } from '../../shared/rules/tutor-pay';
import { isLessonKind } from '../../shared/schemas/section';
import { logger } from '../lib/logger';
import { type CourseRecord, coursesRepository } from '../repositories/courses';
import { getJobWatermark, setJobWatermark } from '../repositories/job-watermarks';
import { insertLessonHistory } from '../repositories/lesson-history';
import { lessonJoinsOf } from '../repositories/lesson-joins';
import { type LessonRecord, lessonWrites } from '../repositories/lessons';
import { lessonsStartingBetween, type SectionRecord } from '../repositories/sections';
import { getTenant, listTenantKeys } from '../repositories/tenants';
import { ownTerms, type RatesForRun, ratesForRun } from '../repositories/tutor-rates';
import { getUsers, type UserRecord } from '../repositories/users';
import { writeTransaction } from '../table/transactions';

export const LESSON_HISTORY_JOB = 'lesson-history';

export interface JobReport {
  tenant: string;
  ended: number;
  written: number;
  completed: number;
  failed: number;
}

const endedBy =
  (now: string) =>
  (section: SectionRecord): section is LessonRecord =>
    isLessonKind(section.kind) &&
    section.status === 'ACTIVE' &&
    Boolean(section.start && section.end && section.tutorId) &&
    section.end! <= now;

async function peopleOf(tenant: string, lessons: LessonRecord[]): Promise<UserRecord[]> {
  const ids = [...new Set(lessons.flatMap((l) => [l.tutorId, ...(l.studentIds ?? [])]))];
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += 100) chunks.push(ids.slice(i, i + 100));
  return (await Promise.all(chunks.map((chunk) => getUsers(tenant, chunk)))).flat();
}

/**
 * One ended lesson: its history row (written once, keyed by the lesson id, with its tutor's and students'
 * first join times) and the lesson COMPLETED at `at`, which also frees its time claims and completes a
 * trial whose lesson it is. The row's pay is fixed now, from the rate in force at the lesson's start
 * (payAtWrite). The demo's history seed records its term of past lessons the same way. True when the row
 * was written now, false when it was already there.
 */
export async function recordEndedLesson(
  tenant: string,
  lesson: LessonRecord,
  context: {
    course: CourseRecord | undefined;
    people: UserRecord[];
    joins: LessonJoin[] | undefined;
    at: string;
    /** The run's rates and the school's currency (read for this lesson alone when absent). */
    pay?: RunPay;
  },
): Promise<boolean> {
  const { course, at } = context;
  const pay = context.pay ?? (await payForRun(tenant, tutorsAmong(context.people, [lesson])));
  const row = pricedRow(lesson, context, pay);
  const written = await insertLessonHistory(tenant, row);
  const completed: LessonRecord = { ...lesson, status: 'COMPLETED', updatedAt: at };
  const writes = await lessonWrites(tenant, lesson, completed, course?.title ?? '');
  await writeTransaction(
    writes.items,
    () => new ConflictError(`Lesson ${lesson._id} changed while it was being completed`),
  );
  return written;
}

/** The lesson's history row with its pay fixed from the rate in force at its start (payAtWrite). */
function pricedRow(
  lesson: LessonRecord,
  context: {
    course: CourseRecord | undefined;
    people: UserRecord[];
    joins: LessonJoin[] | undefined;
    at: string;
  },
  pay: RunPay,
) {
  const { course, people, joins, at } = context;
  const plain = toLessonHistory(
    { ...lesson, studentIds: lesson.studentIds ?? [] },
    course,
    people,
    at,
    joins,
  );
  const classType = rateClassOf(plain);
  const person = (id: string | null) => people.find((candidate) => candidate._id === id);
  return payAtWrite(
    plain,
    {
      tutor: (pay.rates.own[classType].get(plain.tutorId) ?? []).map(ownTerms),
      general: pay.rates.general[classType],
    },
    {
      tutorCountry: person(plain.tutorId)?.country ?? '',
      studentCountry: person(plain.studentId)?.country ?? '',
      // The student's or course's type as it is now, when the row is written: the row keeps it.
      kind: rateKindOf(classType, course, person(plain.studentId)),
    },
    pay.currency,
  );
}

/**
 * What the lesson's tutor is to be paid for it as booked: the pay its history row will be given when it ends
 * (the same rate and duration). A late-change penalty is a percent of it (functions/meetings/penalties.ts).
 */
export async function expectedTutorAmount(tenant: string, lesson: LessonRecord): Promise<Money> {
  const [course, people] = await Promise.all([
    coursesRepository.get(tenant, lesson.course),
    peopleOf(tenant, [lesson]),
  ]);
  const pay = await payForRun(tenant, tutorsAmong(people, [lesson]));
  const row = pricedRow(lesson, { course, people, joins: undefined, at: new Date().toISOString() }, pay);
  return row.tutorAmount ?? zero(pay.currency);
}

export interface RunPay {
  rates: RatesForRun;
  currency: ReturnType<typeof moneySettings>['defaultCurrency'];
}

/** The lessons' tutors among the people read (a tutor not found is paid as one of no country). */
function tutorsAmong(
  people: UserRecord[],
  lessons: LessonRecord[],
): Array<{ _id: string; country?: string }> {
  return [...new Set(lessons.map((lesson) => lesson.tutorId))].map((tutorId) => {
    const country = people.find((person) => person._id === tutorId)?.country;
    return country ? { _id: tutorId, country } : { _id: tutorId };
  });
}

/** The rates that can pay the run's tutors (their countries' and any country's, their own) and the currency. */
async function payForRun(tenant: string, tutors: Array<{ _id: string; country?: string }>): Promise<RunPay> {
  const [rates, record] = await Promise.all([ratesForRun(tenant, tutors), getTenant(tenant)]);
  return { rates, currency: moneySettings(record?.settings?.money).defaultCurrency };
}

/**
 * One tenant's run: every ACTIVE lesson that ended since the watermark gets its history row (written once,
 * keyed by the lesson id, with its tutor's and students' first join times; joining closes at the end, so
 * they are final by now) and becomes COMPLETED, which also frees its time claims. The watermark moves to
 * this run's end only when every lesson went through; otherwise the next run reads the same lessons again,
 * and the rows already written are left as they are.
 */
export async function recordEndedLessons(tenant: string, now = new Date()): Promise<JobReport> {
  const watermark = await getJobWatermark(tenant, LESSON_HISTORY_JOB);
  const { from, to } = historyScanWindow(watermark, now);
  const lessons = (await lessonsStartingBetween(tenant, from, to)).filter(endedBy(to));
  const report: JobReport = { tenant, ended: lessons.length, written: 0, completed: 0, failed: 0 };
  if (lessons.length > 0) {
    const courseIds = [...new Set(lessons.map((l) => l.course))];
    const [courses, people, joins] = await Promise.all([
      coursesRepository.getMany(tenant, courseIds),
      peopleOf(tenant, lessons),
      lessonJoinsOf(tenant, lessons),
    ]);
    const pay = await payForRun(tenant, tutorsAmong(people, lessons));
    const courseById = new Map<string, CourseRecord>(courses.map((c) => [c._id, c]));
    for (const lesson of lessons) {
      try {
        const course = courseById.get(lesson.course);
        if (
          await recordEndedLesson(tenant, lesson, {
            course,
            people,
            joins: joins.get(lesson._id),
            at: to,
            pay,
          })
        )
          report.written++;
        report.completed++;
      } catch (error) {
        report.failed++;
        logger.error('Lesson history: a lesson could not be recorded', {
          tenant,
          lessonId: lesson._id,
          error: error as Error,
        });
      }
    }
  }
  if (report.failed === 0) await setJobWatermark(tenant, LESSON_HISTORY_JOB, to);
  return report;
}

/** The scheduled run: each tenant in turn; one tenant's failure does not stop the others. */
export async function recordEndedLessonsEverywhere(now = new Date()): Promise<JobReport[]> {
  const reports: JobReport[] = [];
  for (const tenant of await listTenantKeys()) {
    try {
      reports.push(await recordEndedLessons(tenant, now));
    } catch (error) {
      logger.error('Lesson history: a tenant could not be processed', { tenant, error: error as Error });
      reports.push({ tenant, ended: 0, written: 0, completed: 0, failed: 1 });
    }
  }
  return reports;
}
