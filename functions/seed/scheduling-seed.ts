import { DateTime } from 'luxon';
import { ConflictError } from '../../shared/http/errors';
import { schedulingSettings } from '../../shared/scheduling/settings';
import type { AvailabilityInput } from '../../shared/schemas/availability';
import type { CourseMember } from '../../shared/schemas/course';
import type { Tenant } from '../../shared/schemas/tenant';
import { meetingJoinUrl, newMeetingEventId } from '../lib/meetings';
import { getAvailability, putAvailability } from '../repositories/availability';
import { courseMemberWrite, coursesRepository, newCourseMember } from '../repositories/courses';
import { curriculumsRepository } from '../repositories/curriculums';
import { getJobWatermark, setJobWatermark } from '../repositories/job-watermarks';
import { type LessonRecord, migrateLegacyBusyDays, newLessonWrites } from '../repositories/lessons';
import { getUser, type UserRecord } from '../repositories/users';
import { writeTransaction } from '../table/transactions';

const grades = (...names: string[]) => names;

/** Realistic curricula for the demo: the trial dialog's selectors and tutors' subjects come from here. */
export const seedCurriculums = [
  {
    _id: 'cur-cambridge-igcse',
    name: 'Cambridge IGCSE',
    slug: 'cambridge-igcse',
    grades: grades('Grade 9', 'Grade 10'),
    subjects: [
      { code: '0580', name: 'Mathematics' },
      { code: '0606', name: 'Additional Mathematics' },
      { code: '0625', name: 'Physics' },
      { code: '0620', name: 'Chemistry' },
      { code: '0610', name: 'Biology' },
      { code: '0500', name: 'English Language' },
      { code: '0455', name: 'Economics' },
      { code: '0450', name: 'Business Studies' },
      { code: '0478', name: 'Computer Science' },
      // Cambridge names these Co-ordinated Sciences (Double Award), Literature in English and Chinese as a
      // Second Language; the platform's subject names (the quiz colour map of spec 000) are kept.
      { code: '0654', name: 'Coordinated Science' },
      { code: '0653', name: 'Combined Science' },
      { code: '0475', name: 'English Literature' },
      { code: '0523', name: 'Chinese' },
    ],
    sortingOrder: 1,
  },
  {
    _id: 'cur-edexcel-igcse',
    name: 'Edexcel IGCSE',
    slug: 'edexcel-igcse',
    grades: grades('Grade 9', 'Grade 10'),
    subjects: [
      { code: '4MA1', name: 'Mathematics' },
      { code: '4PM1', name: 'Further Pure Mathematics' },
      { code: '4PH1', name: 'Physics' },
      { code: '4CH1', name: 'Chemistry' },
      { code: '4BI1', name: 'Biology' },
      { code: '4EA1', name: 'English Language' },
      { code: '4ET1', name: 'English Literature' },
      { code: '4CN1', name: 'Chinese' },
    ],
    sortingOrder: 2,
  },
  {
    _id: 'cur-ib-diploma',
    name: 'IB Diploma',
    slug: 'ib-diploma',
    grades: grades('Grade 11', 'Grade 12'),
    subjects: [
      { code: 'MAA', name: 'Mathematics' },
      { code: 'PHY', name: 'Physics' },
      { code: 'CHE', name: 'Chemistry' },
      { code: 'BIO', name: 'Biology' },
      { code: 'ECO', name: 'Economics' },
      // IB's English A: Literature and Chinese B.
      { code: 'ENL', name: 'English Literature' },
      { code: 'CHB', name: 'Chinese' },
    ],
    sortingOrder: 3,
  },
  {
    _id: 'cur-cambridge-lower-secondary',
    name: 'Cambridge Lower Secondary',
    slug: 'cambridge-lower-secondary',
    grades: grades('Grade 6', 'Grade 7', 'Grade 8'),
    subjects: [
      { code: '0862', name: 'Mathematics' },
      { code: '0893', name: 'Science' },
      { code: '0861', name: 'English' },
    ],
    sortingOrder: 4,
  },
  {
    _id: 'cur-edexcel-lower-secondary',
    name: 'Edexcel Lower Secondary',
    slug: 'edexcel-lower-secondary',
    grades: grades('Grade 6', 'Grade 7', 'Grade 8'),
    subjects: [
      { code: 'LSM', name: 'Mathematics' },
      { code: 'LSS', name: 'Science' },
      { code: 'LSE', name: 'English' },
    ],
    sortingOrder: 5,
  },
];

const teaches = (curriculum: string, subjects: string[], gradeList: string[]) =>
  subjects.flatMap((subject) => gradeList.map((grade) => ({ curriculum, subject, grade })));

const weekdays = (from: string, to: string, days = [1, 2, 3, 4, 5]) =>
  days.map((weekday) => ({ weekday, from, to }));

/**
 * The three demo tutors: different zones, so the demo shows slots converted to the viewer's zone. Their hours
 * are a working week in their own zone (about 09:00 to 18:00), with an evening or two and a Saturday for
 * some, and never the night: pooled for a trial, three zones still leave gaps, as a real team's would. The
 * term's weekly lessons (history-plan.ts) fall inside them.
 */
export const seedAvailability: Record<string, AvailabilityInput> = {
  'demo-tutor-1': {
    timezone: 'Europe/London',
    status: 'available',
    weeklyHours: [...weekdays('09:00', '17:00'), { weekday: 6, from: '10:00', to: '13:00' }],
    exceptions: [],
    windows: [],
    subjects: [
      ...teaches(
        'Cambridge IGCSE',
        ['Mathematics', 'Additional Mathematics', 'Physics'],
        ['Grade 9', 'Grade 10'],
      ),
      ...teaches('Cambridge Lower Secondary', ['Mathematics', 'Science'], ['Grade 6', 'Grade 7', 'Grade 8']),
    ],
  },
  'demo-tutor-2': {
    timezone: 'America/New_York',
    status: 'available',
    // An early starter (the term's Wednesday lesson is at 08:00), with Tuesday and Thursday evenings.
    weeklyHours: [...weekdays('08:00', '16:30'), ...weekdays('18:00', '20:00', [2, 4])],
    exceptions: [],
    windows: [],
    subjects: [
      ...teaches('Cambridge IGCSE', ['Chemistry', 'Biology', 'Mathematics'], ['Grade 9', 'Grade 10']),
      ...teaches('Edexcel IGCSE', ['Chemistry', 'Biology', 'Mathematics'], ['Grade 9', 'Grade 10']),
      ...teaches('IB Diploma', ['Chemistry', 'Biology'], ['Grade 11', 'Grade 12']),
    ],
  },
  'demo-tutor-3': {
    timezone: 'Australia/Sydney',
    status: 'available',
    // Office hours, Wednesday into the evening (the group meets at 18:00), and Saturday afternoon and
    // evening (the Saturday lesson is at 19:30).
    weeklyHours: [
      ...weekdays('09:00', '18:00', [1, 2, 4, 5]),
      { weekday: 3, from: '09:00', to: '20:00' },
      { weekday: 6, from: '15:00', to: '21:00' },
    ],
    exceptions: [],
    windows: [],
    subjects: [
      ...teaches('IB Diploma', ['Mathematics', 'Physics', 'Economics'], ['Grade 11', 'Grade 12']),
      ...teaches(
        'Cambridge IGCSE',
        ['Mathematics', 'Economics', 'English Language'],
        ['Grade 9', 'Grade 10'],
      ),
      ...teaches(
        'Edexcel Lower Secondary',
        ['Mathematics', 'Science', 'English'],
        ['Grade 6', 'Grade 7', 'Grade 8'],
      ),
    ],
  },
};

/** Seeds curricula, the tutors' availability, and one running course with weekly lessons. Idempotent. */
export async function seedScheduling(tenant: Tenant, options: { withDemoCourse: boolean }): Promise<void> {
  const now = new Date().toISOString();
  for (const curriculum of seedCurriculums) {
    await curriculumsRepository.ensure(tenant.key, { ...curriculum, createdAt: now, updatedAt: now });
  }
  for (const [tutorId, availability] of Object.entries(seedAvailability)) {
    if (!(await getUser(tenant.key, tutorId))) continue;
    if (!(await getAvailability(tenant.key, tutorId)))
      await putAvailability(tenant.key, tutorId, availability);
  }
  if (options.withDemoCourse) await seedDemoCourse(tenant);
  // Busy days written before they were sharded (older local data): moved once, not scanned for on every start.
  if (!(await getJobWatermark(tenant.key, BUSY_DAY_SHARDS_MIGRATION))) {
    await migrateLegacyBusyDays(tenant.key);
    await setJobWatermark(tenant.key, BUSY_DAY_SHARDS_MIGRATION, now);
  }
}

const BUSY_DAY_SHARDS_MIGRATION = 'busy-day-shards-migration';

const DEMO_COURSE_ID = 'course-demo-igcse-maths';

/** IGCSE Mathematics with Tom (London) and Sam: four weekly lessons from next Tuesday, 10:00 London time. */
async function seedDemoCourse(tenant: Tenant): Promise<void> {
  if (await coursesRepository.get(tenant.key, DEMO_COURSE_ID)) return;
  const tutor = await getUser(tenant.key, 'demo-tutor-1');
  const student = await getUser(tenant.key, 'demo-student-1');
  if (!tutor || !student) return;
  const now = new Date().toISOString();
  const course = {
    _id: DEMO_COURSE_ID,
    title: 'IGCSE Mathematics (Grade 10)',
    description: 'Weekly one-to-one lessons through the Cambridge IGCSE Mathematics (0580) syllabus.',
    curriculum: 'Cambridge IGCSE',
    subject: 'Mathematics',
    grade: 'Grade 10',
    status: 'ACTIVE' as const,
    type: 'One-to-One' as const,
    paymentType: 'SUBSCRIPTION' as const,
    lessonDuration: 60,
    isTrial: false,
    createdAt: now,
    updatedAt: now,
  };
  const member = (user: UserRecord, role: CourseMember['role']) =>
    newCourseMember(course._id, user, role, role === 'tutor' ? 'PRIMARY' : 'SUBSCRIPTION', now);
  await writeTransaction(
    [
      ...coursesRepository.insertItems(tenant.key, course),
      courseMemberWrite(tenant.key, member(tutor, 'tutor')),
      courseMemberWrite(tenant.key, member(student, 'student')),
    ],
    () => new ConflictError('Demo course already seeded'),
  );
  const { bufferMinutes } = schedulingSettings(tenant.settings?.scheduling);
  let day = DateTime.now().setZone('Europe/London').startOf('day').plus({ days: 1 });
  while (day.weekday !== 2) day = day.plus({ days: 1 });
  for (let week = 0; week < 4; week++) {
    const start = day.plus({ weeks: week }).set({ hour: 10 });
    const sectionId = `lesson-demo-${week + 1}`;
    const lesson: LessonRecord = {
      _id: sectionId,
      course: course._id,
      parent: null,
      kind: 'TEAMS',
      title: `Lesson ${week + 1}`,
      description: '',
      sortingKey: week + 1,
      audience: 'STUDENT',
      type: 'LESSON',
      billing: 'BILLABLE',
      status: 'ACTIVE',
      start: start.toUTC().toISO()!,
      end: start.plus({ hours: 1 }).toUTC().toISO()!,
      duration: 60,
      tutorId: tutor._id,
      studentIds: [student._id],
      joinUrl: meetingJoinUrl(sectionId),
      eventId: newMeetingEventId(),
      bufferMinutes,
      createdAt: now,
      updatedAt: now,
    };
    const writes = newLessonWrites(tenant.key, lesson, course.title);
    await writeTransaction(writes.items, () => new ConflictError('Demo lesson time already taken'));
  }
}
