/**
 * The lived-in demo's story, as data computed from one instant (the anchor: when the history was first
 * seeded): a term of weekly lessons that runs from twelve weeks before it to three weeks after, the free
 * trials that led to them, homework, and what two students studied on their own. Pure: the seed
 * (history-seed.ts) writes it through the platform's repositories, and its tests check it.
 *
 * Every id is fixed, or derived from the anchor and a name, so a seed cut off half-way and run again finds
 * what it wrote and adds only the rest.
 */
import { createHash } from 'node:crypto';
import { DateTime, type WeekdayNumbers } from 'luxon';
import type { ProgressEvent } from '../../shared/learning/progress';
import type { Onboarding } from '../../shared/schemas/learning-data';
import type { TrialOutcome } from '../../shared/schemas/trial';
import { topicOutline } from './catalogue-data';

/** Weeks of past lessons before the anchor's week, and weeks of lessons booked after it. */
export const WEEKS_BEHIND = 12;
export const WEEKS_AHEAD = 3;

const MINUTE_MS = 60_000;

/** The demo people of the story and their zones (as seed.ts creates them). */
export const people = {
  tom: { id: 'demo-tutor-1', zone: 'Europe/London' },
  grace: { id: 'demo-tutor-2', zone: 'America/New_York' },
  mei: { id: 'demo-tutor-3', zone: 'Australia/Sydney' },
  sam: { id: 'demo-student-1', zone: 'Asia/Singapore' },
  maya: { id: 'demo-student-2', zone: 'Asia/Singapore' },
  leo: { id: 'demo-student-3', zone: 'Europe/London' },
} as const;

/** Two visitors who signed up while booking a free trial: the trials that are not yet a course. */
export const prospects = [
  {
    id: 'demo-prospect-1',
    firstname: 'Noah',
    lastname: 'Novak',
    email: 'noah@demo.test',
    password: 'Demo-prospect-1',
    zone: 'America/Toronto',
  },
  {
    id: 'demo-prospect-2',
    firstname: 'Zara',
    lastname: 'Aziz',
    email: 'zara@demo.test',
    password: 'Demo-prospect-2',
    zone: 'Asia/Kuala_Lumpur',
  },
] as const;

/** A number in [0, 1) that a name always gives: the story's small variations, the same on every run. */
export function variation(name: string): number {
  return createHash('sha256').update(name).digest().readUInt32BE(0) / 2 ** 32;
}

/** A record id in the platform's style (12 hex of milliseconds, then 12 more), time-ordered and fixed by name. */
export function seededId(at: string, name: string): string {
  const millis = Date.parse(at).toString(16).padStart(12, '0');
  return millis + createHash('sha256').update(name).digest('hex').slice(0, 12);
}

/** A meeting event id (32 hex, as a UUID without dashes) fixed by the lesson it belongs to. */
export function seededEventId(lessonId: string): string {
  return createHash('sha256').update(`event/${lessonId}`).digest('hex').slice(0, 32);
}

/** The instant of a weekday and local time, `week` weeks from the anchor's week (in `zone`). */
export function weekTime(
  anchor: string,
  zone: string,
  week: number,
  weekday: WeekdayNumbers,
  time: string,
): DateTime {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return DateTime.fromISO(anchor, { zone })
    .startOf('week')
    .plus({ weeks: week })
    .set({ weekday, hour, minute, second: 0, millisecond: 0 });
}

const iso = (time: DateTime) => time.toUTC().toISO()!;
const plusMinutes = (at: string, minutes: number) =>
  new Date(Date.parse(at) + minutes * MINUTE_MS).toISOString();

/** The sub-topic names of a subject in the demo catalogue's outline, in order. */
function syllabus(subject: string): string[] {
  return Object.values(topicOutline[subject] ?? {}).flat();
}

export interface PlannedCourse {
  id: string;
  title: string;
  description: string;
  curriculum: string;
  subject: string;
  grade: string;
  type: 'One-to-One' | 'Group';
  paymentType: 'SUBSCRIPTION' | 'CREDIT';
  lessonDuration: number;
  tutorId: string;
  studentIds: string[];
  /** The weekly lesson: ISO weekday and local time in the tutor's zone. */
  weekday: WeekdayNumbers;
  time: string;
  zone: string;
  /** What the lessons go through, one a week. */
  topics: string[];
  createdAt: string;
}

export interface PlannedJoin {
  userId: string;
  role: 'tutor' | 'student';
  at: string;
}

export interface PlannedLesson {
  id: string;
  courseId: string;
  title: string;
  sortingKey: number;
  start: string;
  end: string;
  duration: number;
  tutorId: string;
  studentIds: string[];
  /** Who joins, and when (recorded only for lessons that have ended by the anchor). */
  joins: PlannedJoin[];
}

export interface PlannedHomework {
  id: string;
  courseId: string;
  title: string;
  instructions: string;
  sortingKey: number;
  /** When the tutor set it: the end of the lesson it follows. */
  setAt: string;
  /** The start of the next lesson. */
  dueAt: string;
  submissions: PlannedSubmission[];
}

export interface PlannedSubmission {
  studentId: string;
  text: string;
  submittedAt: string;
  review: { at: string; feedback: string; grade: string } | null;
}

export interface PlannedTrial {
  id: string;
  courseId: string;
  lessonId: string;
  studentId: string;
  tutorId: string;
  curriculum: string;
  subject: string;
  grade: string;
  start: string;
  end: string;
  bookedAt: string;
  /**
   * What became of it: still ahead; cancelled by the school before it took place; taken place and waiting
   * for the admin's outcome; or the outcome the admin recorded.
   */
  fate: 'scheduled' | 'cancelled' | 'taken-place' | TrialOutcome;
  joins: PlannedJoin[];
  /** A recording link the tutor added after the lesson. */
  recording: { url: string; title: string } | null;
}

export interface PlannedStudy {
  studentId: string;
  subjectCode: string;
  subjectLevel: string;
  /** Sub-topics marked done, from the first in the syllabus, then sub-topics begun. */
  completed: number;
  inProgress: number;
  zone: string;
}

export interface HistoryPlan {
  anchor: string;
  courses: PlannedCourse[];
  lessons: PlannedLesson[];
  homework: PlannedHomework[];
  trials: PlannedTrial[];
  onboarding: Onboarding[];
  study: PlannedStudy[];
  /** The lesson a student asks to cancel, waiting for an admin (a student's change to a group lesson). */
  pendingCancel: { lessonId: string; studentId: string; note: string };
}

/** The course the term runs in, by the tutor's week; its lessons come from {@link plannedLessons}. */
function course(
  anchor: string,
  input: Omit<PlannedCourse, 'createdAt' | 'topics' | 'description'> & { topics?: string[]; about: string },
): PlannedCourse {
  const { about, topics, ...rest } = input;
  // Set up by the school the week before the term's first lesson.
  const createdAt = iso(weekTime(anchor, input.zone, -WEEKS_BEHIND - 1, 5, '09:00'));
  return { ...rest, description: about, topics: topics ?? syllabus(input.subject), createdAt };
}

function plannedCourses(anchor: string): PlannedCourse[] {
  const igcse = { curriculum: 'Cambridge IGCSE', grade: 'Grade 10' };
  return [
    course(anchor, {
      id: 'course-demo-igcse-physics',
      title: 'IGCSE Physics (Grade 10)',
      about:
        'Weekly one-to-one lessons through the Cambridge IGCSE Physics (0625) syllabus, after a free trial.',
      ...igcse,
      subject: 'Physics',
      type: 'One-to-One',
      paymentType: 'SUBSCRIPTION',
      lessonDuration: 60,
      tutorId: people.tom.id,
      studentIds: [people.sam.id],
      weekday: 4,
      time: '10:00',
      zone: people.tom.zone,
    }),
    course(anchor, {
      id: 'course-demo-igcse-chemistry',
      title: 'IGCSE Chemistry (Grade 10)',
      about: 'Weekly one-to-one Cambridge IGCSE Chemistry (0620): morning in New York, evening in Singapore.',
      ...igcse,
      subject: 'Chemistry',
      type: 'One-to-One',
      paymentType: 'SUBSCRIPTION',
      lessonDuration: 45,
      tutorId: people.grace.id,
      studentIds: [people.maya.id],
      weekday: 3,
      time: '08:00',
      zone: people.grace.zone,
    }),
    course(anchor, {
      id: 'course-demo-igcse-economics',
      title: 'IGCSE Economics (Grade 10)',
      about: 'Cambridge IGCSE Economics (0455) on Saturday mornings in London, Saturday evenings in Sydney.',
      ...igcse,
      subject: 'Economics',
      type: 'One-to-One',
      paymentType: 'CREDIT',
      lessonDuration: 60,
      tutorId: people.mei.id,
      studentIds: [people.leo.id],
      weekday: 6,
      time: '19:30',
      zone: people.mei.zone,
    }),
    course(anchor, {
      id: 'course-demo-maths-exam-group',
      title: 'IGCSE Mathematics exam practice (group)',
      about: 'A small weekly group working through Cambridge IGCSE Mathematics (0580) exam questions.',
      ...igcse,
      subject: 'Mathematics',
      type: 'Group',
      paymentType: 'SUBSCRIPTION',
      lessonDuration: 60,
      tutorId: people.mei.id,
      studentIds: [people.sam.id, people.maya.id],
      weekday: 3,
      time: '18:00',
      zone: people.mei.zone,
      topics: syllabus('Mathematics').map((name) => `Exam practice: ${name}`),
    }),
  ];
}

/**
 * Who joined an ended lesson and when: the tutor a few minutes early, each student around the start.
 * A few lessons went otherwise, as they do: a student who did not come, one who was late.
 */
function joinsOf(lesson: Omit<PlannedLesson, 'joins'>, index: number): PlannedJoin[] {
  const tutorEarly = 2 + Math.floor(variation(`${lesson.id}/tutor`) * 6);
  const joins: PlannedJoin[] = [
    { userId: lesson.tutorId, role: 'tutor', at: plusMinutes(lesson.start, -tutorEarly) },
  ];
  lesson.studentIds.forEach((studentId, position) => {
    // Every seventh lesson of a course one student misses; every fifth, one is ten minutes late.
    if (index % 7 === 4 && position === index % lesson.studentIds.length) return;
    const late = index % 5 === 2 && position === 0 ? 10 : 0;
    const offset = Math.floor(variation(`${lesson.id}/${studentId}`) * 6) - 2 + late;
    joins.push({ userId: studentId, role: 'student', at: plusMinutes(lesson.start, offset) });
  });
  return joins;
}

function plannedLessons(anchor: string, courses: PlannedCourse[]): PlannedLesson[] {
  return courses.flatMap((c) => {
    const slug = c.id.replace(/^course-demo-/, '');
    return Array.from({ length: WEEKS_BEHIND + 1 + WEEKS_AHEAD }, (_, index) => {
      const start = weekTime(anchor, c.zone, index - WEEKS_BEHIND, c.weekday, c.time);
      const topic = c.topics[index % c.topics.length] ?? c.subject;
      const lesson = {
        id: `lesson-demo-${slug}-${index + 1}`,
        courseId: c.id,
        title: `Lesson ${index + 1}: ${topic}`,
        sortingKey: (index + 1) * 10,
        start: iso(start),
        end: iso(start.plus({ minutes: c.lessonDuration })),
        duration: c.lessonDuration,
        tutorId: c.tutorId,
        studentIds: c.studentIds,
      };
      return { ...lesson, joins: joinsOf(lesson, index) };
    });
  });
}

const feedbacks = [
  'Clear working throughout. Check your units in the last question.',
  'Good method. Two arithmetic slips cost marks: read your answers back against the question.',
  'Excellent: full marks on the long question. Try the extension problem next time.',
  'Right idea in most answers; write the formula down before substituting, examiners give marks for it.',
];
const grades = ['7/10', '8/10', '9/10', '6/10', '10/10'];

/**
 * Homework set after some of the ended lessons: the older ones handed in and reviewed, the one after the
 * last-but-one lesson handed in and waiting for its review, the one after the last lesson not due yet.
 */
function plannedHomework(
  anchor: string,
  courses: PlannedCourse[],
  lessons: PlannedLesson[],
): PlannedHomework[] {
  return courses.flatMap((c) => {
    const ofCourse = lessons.filter((l) => l.courseId === c.id);
    const ended = ofCourse.filter((l) => l.end <= anchor);
    const last = ended.length - 1;
    return [9, 6, 3, 1, 0].flatMap((back) => {
      const index = last - back;
      const lesson = ofCourse[index];
      const next = ofCourse[index + 1];
      if (index < 0 || !lesson || !next) return [];
      const topic = lesson.title.replace(/^Lesson \d+: /, '');
      const submissions =
        back === 0
          ? []
          : c.studentIds.map((studentId, position): PlannedSubmission => {
              const submittedAt = plusMinutes(next.start, -(26 + position * 3) * 60);
              const reviewed = back > 1;
              const pick = Math.floor(variation(`${lesson.id}/${studentId}/review`) * 100);
              return {
                studentId,
                text: `My answers are below. I found question ${2 + (pick % 4)} the hardest.\n\n1. ...\n2. ...`,
                submittedAt,
                review: reviewed
                  ? {
                      at: plusMinutes(submittedAt, 18 * 60),
                      feedback: feedbacks[pick % feedbacks.length]!,
                      grade: grades[pick % grades.length]!,
                    }
                  : null,
              };
            });
      return [
        {
          id: `homework-demo-${lesson.id.replace(/^lesson-demo-/, '')}`,
          courseId: c.id,
          title: `Homework: ${topic}`,
          instructions: `Answer the exam-style questions on ${topic} (questions 1 to 6). Show your working.`,
          sortingKey: lesson.sortingKey + 5,
          setAt: lesson.end,
          dueAt: next.start,
          submissions,
        },
      ];
    });
  });
}

function trial(
  anchor: string,
  input: Omit<PlannedTrial, 'start' | 'end' | 'bookedAt' | 'joins' | 'courseId' | 'lessonId'> & {
    zone: string;
    week: number;
    weekday: WeekdayNumbers;
    time: string;
    minutes: number;
  },
): PlannedTrial {
  const { zone, week, weekday, time, minutes, ...rest } = input;
  const start = weekTime(anchor, zone, week, weekday, time);
  const at = iso(start);
  const joins: PlannedJoin[] = [
    { userId: input.tutorId, role: 'tutor', at: plusMinutes(at, -5) },
    { userId: input.studentId, role: 'student', at: plusMinutes(at, 1) },
  ];
  return {
    ...rest,
    courseId: `course-demo-${input.id}`,
    lessonId: `lesson-demo-${input.id}`,
    start: at,
    end: iso(start.plus({ minutes })),
    // Booked from the trial dialog four days before the lesson (yesterday for the one still ahead).
    bookedAt: iso(week > 0 ? DateTime.fromISO(anchor).minus({ days: 1 }) : start.minus({ days: 4 })),
    joins: input.fate === 'scheduled' || input.fate === 'cancelled' ? [] : joins,
  };
}

/** One free trial in each status: enrolled, cancelled, waiting for an outcome, awaiting the parent, ahead. */
function plannedTrials(anchor: string, minutes: number): PlannedTrial[] {
  const recording = (name: string) => ({
    url: `https://recordings.example.org/demo/${name}.mp4`,
    title: 'Trial lesson recording',
  });
  return [
    trial(anchor, {
      id: 'trial-sam-physics',
      studentId: people.sam.id,
      tutorId: people.tom.id,
      curriculum: 'Cambridge IGCSE',
      subject: 'Physics',
      grade: 'Grade 10',
      zone: people.tom.zone,
      week: -WEEKS_BEHIND - 1,
      weekday: 4,
      time: '10:00',
      minutes,
      fate: 'ENROLLED',
      recording: recording('trial-sam-physics'),
    }),
    trial(anchor, {
      id: 'trial-maya-biology',
      studentId: people.maya.id,
      tutorId: people.grace.id,
      curriculum: 'Cambridge IGCSE',
      subject: 'Biology',
      grade: 'Grade 10',
      zone: people.grace.zone,
      week: -WEEKS_BEHIND - 2,
      weekday: 2,
      time: '08:00',
      minutes,
      fate: 'cancelled',
      recording: null,
    }),
    trial(anchor, {
      id: 'trial-noah-biology',
      studentId: prospects[0].id,
      tutorId: people.grace.id,
      curriculum: 'Cambridge IGCSE',
      subject: 'Biology',
      grade: 'Grade 9',
      zone: people.grace.zone,
      week: -1,
      weekday: 5,
      time: '16:00',
      minutes,
      fate: 'taken-place',
      recording: recording('trial-noah-biology'),
    }),
    trial(anchor, {
      id: 'trial-zara-economics',
      studentId: prospects[1].id,
      tutorId: people.mei.id,
      curriculum: 'IB Diploma',
      subject: 'Economics',
      grade: 'Grade 11',
      zone: people.mei.zone,
      week: -1,
      weekday: 1,
      time: '19:00',
      minutes,
      fate: 'AWAITING_PARENT',
      recording: null,
    }),
    trial(anchor, {
      id: 'trial-leo-physics',
      studentId: people.leo.id,
      tutorId: people.tom.id,
      curriculum: 'Cambridge IGCSE',
      subject: 'Physics',
      grade: 'Grade 10',
      zone: people.tom.zone,
      week: 1,
      weekday: 5,
      time: '15:00',
      minutes,
      fate: 'scheduled',
      recording: null,
    }),
  ];
}

function onboarding(
  anchor: string,
  studentId: string,
  answers: Pick<Onboarding, 'subjects' | 'goals' | 'notes'>,
): Onboarding {
  const at = iso(weekTime(anchor, people.sam.zone, -WEEKS_BEHIND - 1, 6, '11:00'));
  return {
    _id: studentId,
    userId: studentId,
    curriculum: 'Cambridge IGCSE',
    curriculumId: 'cur-cambridge-igcse',
    grade: 'Grade 10',
    ...answers,
    createdAt: at,
    updatedAt: at,
  };
}

/** The whole story for an anchor; `trialMinutes` is the tenant's free-trial length. */
export function historyPlan(anchor: string, trialMinutes: number): HistoryPlan {
  const courses = plannedCourses(anchor);
  const lessons = plannedLessons(anchor, courses);
  return {
    anchor,
    courses,
    lessons,
    homework: plannedHomework(anchor, courses, lessons),
    trials: plannedTrials(anchor, trialMinutes),
    onboarding: [
      onboarding(anchor, people.sam.id, {
        subjects: ['0580', '0625'],
        goals: ['Prepare for exams', 'Improve grades'],
        notes: 'Sitting the May exams; Physics calculations are the weak spot.',
      }),
      onboarding(anchor, people.maya.id, {
        subjects: ['0620', '0580'],
        goals: ['Improve grades', 'Catch up on missed topics'],
        notes: 'Missed three weeks of Chemistry at school in the autumn.',
      }),
    ],
    study: [
      {
        studentId: people.sam.id,
        subjectCode: '0580',
        subjectLevel: 'IGCSE',
        completed: 14,
        inProgress: 4,
        zone: people.sam.zone,
      },
      {
        studentId: people.sam.id,
        subjectCode: '0625',
        subjectLevel: 'IGCSE',
        completed: 7,
        inProgress: 3,
        zone: people.sam.zone,
      },
      {
        studentId: people.maya.id,
        subjectCode: '0620',
        subjectLevel: 'IGCSE',
        completed: 8,
        inProgress: 3,
        zone: people.maya.zone,
      },
      {
        studentId: people.maya.id,
        subjectCode: '0580',
        subjectLevel: 'IGCSE',
        completed: 6,
        inProgress: 3,
        zone: people.maya.zone,
      },
    ],
    pendingCancel: {
      // Next week's (lessons are numbered from 1, WEEKS_BEHIND weeks before this one).
      lessonId: `lesson-demo-maths-exam-group-${WEEKS_BEHIND + 2}`,
      studentId: people.sam.id,
      note: 'Our class is away on a field trip that afternoon.',
    },
  };
}

// ---------------------------------------------------------------- studying on their own

/** A sub-topic of the catalogue as the study plan needs it. */
export interface StudySubTopic {
  _id: string;
  name: string;
  topicId: string;
  pages: number;
}

export interface PlannedProgress {
  subTopicId: string;
  /** The progress calls the student's pages made, in order, each with its time. */
  events: Array<{ event: ProgressEvent; at: string }>;
}

export interface PlannedSession {
  _id: string;
  subTopicId: string;
  createdAt: string;
  questions: Array<{ _id: string; pageNo: number; question: string; createdAt: string }>;
}

export interface PlannedBookmark {
  _id: string;
  subTopicId: string;
  pageNo: number;
  lessonId: string | null;
  tutorId: string | null;
  createdBy: string;
  createdAt: string;
}

const questions = [
  'Why does the method on this page work? I can follow the steps but not the reason.',
  'Is there a quicker way to do the last worked example?',
  'What mistakes do examiners see most often here?',
  'Could we do one more exam-style question like this in our next lesson?',
  'I got a different answer to the second example. Where did I go wrong?',
];

/**
 * When each sub-topic was studied: spread over the term in order, in the student's evenings, the last
 * a day before the anchor.
 */
function studyTimes(anchor: string, study: PlannedStudy, count: number): string[] {
  const from = weekTime(anchor, study.zone, -WEEKS_BEHIND, 1, '00:00');
  const to = DateTime.fromISO(anchor, { zone: study.zone }).minus({ days: 1 }).startOf('day');
  const days = Math.max(1, Math.floor(to.diff(from, 'days').days));
  return Array.from({ length: count }, (_, i) => {
    const day = from.plus({ days: Math.floor(((i + 0.5) * days) / count) });
    const evening = variation(`${study.studentId}/${study.subjectCode}/${i}`);
    return iso(day.set({ hour: 17 + Math.floor(evening * 4), minute: Math.floor(evening * 60) }));
  });
}

/** A best score between 52 and 97, so every band shows; some sub-topics took a second attempt. */
function scoresOf(name: string): number[] {
  const best = 52 + Math.floor(variation(`${name}/score`) * 46);
  return variation(`${name}/retry`) < 0.3 ? [Math.max(30, best - 18), best] : [best];
}

/** The progress calls of a student's study of a subject: pages read, quiz scores, sub-topics marked done. */
export function plannedProgress(
  anchor: string,
  study: PlannedStudy,
  subTopics: StudySubTopic[],
): PlannedProgress[] {
  const studied = subTopics.slice(0, study.completed + study.inProgress);
  const times = studyTimes(anchor, study, studied.length);
  return studied.map((subTopic, i) => {
    const done = i < study.completed;
    const start = times[i]!;
    const name = `${study.studentId}/${subTopic._id}`;
    const pages = done ? subTopic.pages : Math.max(1, Math.ceil(subTopic.pages / 2));
    const events: PlannedProgress['events'] = [];
    for (let page = 1; page <= pages; page++)
      events.push({ event: { pageNo: page }, at: plusMinutes(start, page * 4) });
    let minute = pages * 4;
    if (done || variation(`${name}/quiz`) < 0.5) {
      for (const score of scoresOf(name)) {
        minute += 12;
        events.push({ event: { score }, at: plusMinutes(start, minute) });
      }
    }
    if (done) events.push({ event: { completed: true }, at: plusMinutes(start, minute + 2) });
    return { subTopicId: subTopic._id, events };
  });
}

/** Study sessions on some of the sub-topics studied, each with the questions asked on its pages. */
export function plannedSessions(
  study: PlannedStudy,
  subTopics: StudySubTopic[],
  progress: PlannedProgress[],
): PlannedSession[] {
  return progress.flatMap((entry, i) => {
    const subTopic = subTopics.find((s) => s._id === entry.subTopicId);
    const name = `${study.studentId}/${entry.subTopicId}/session`;
    // Roughly every third sub-topic, and always the latest one.
    if (!subTopic || (variation(name) > 0.34 && i !== progress.length - 1)) return [];
    const createdAt = plusMinutes(entry.events[0]!.at, -1);
    const asked = 1 + Math.floor(variation(`${name}/count`) * 3);
    return [
      {
        _id: seededId(createdAt, name),
        subTopicId: subTopic._id,
        createdAt,
        questions: Array.from({ length: asked }, (_, q) => {
          const at = plusMinutes(createdAt, 6 + q * 7);
          return {
            _id: seededId(at, `${name}/${q}`),
            pageNo: 1 + (q % subTopic.pages),
            question: questions[Math.floor(variation(`${name}/${q}`) * questions.length)]!,
            createdAt: at,
          };
        }),
      },
    ];
  });
}

/**
 * Bookmarks on pages studied: most made while studying alone, and one made in each of the last two ended
 * lessons of the course that teaches the subject (by the student, then by the tutor).
 */
export function plannedBookmarks(
  study: PlannedStudy,
  subTopics: StudySubTopic[],
  progress: PlannedProgress[],
  lessonsOfSubject: PlannedLesson[],
  anchor: string,
): PlannedBookmark[] {
  const alone = progress
    .filter((_entry, i) => i % 4 === 1)
    .slice(-3)
    .flatMap((entry) => {
      const subTopic = subTopics.find((s) => s._id === entry.subTopicId);
      if (!subTopic) return [];
      const at = plusMinutes(entry.events[0]!.at, 3);
      return [
        {
          _id: seededId(at, `${study.studentId}/${entry.subTopicId}/bookmark`),
          subTopicId: subTopic._id,
          pageNo: subTopic.pages > 1 ? 2 : 1,
          lessonId: null,
          tutorId: null,
          createdBy: study.studentId,
          createdAt: at,
        },
      ];
    });
  const ended = lessonsOfSubject.filter((l) => l.end <= anchor && l.studentIds.includes(study.studentId));
  const inLessons = ended.slice(-2).flatMap((lesson, i) => {
    const entry = progress[progress.length - 1 - i];
    const subTopic = subTopics.find((s) => s._id === entry?.subTopicId);
    if (!subTopic) return [];
    const at = plusMinutes(lesson.start, 20);
    return [
      {
        _id: seededId(at, `${study.studentId}/${lesson.id}/bookmark`),
        subTopicId: subTopic._id,
        pageNo: 1,
        lessonId: lesson.id,
        tutorId: lesson.tutorId,
        createdBy: i === 0 ? study.studentId : lesson.tutorId,
        createdAt: at,
      },
    ];
  });
  return [...alone, ...inLessons];
}
