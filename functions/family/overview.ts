import { scoreBand, subTopicPercent } from '../../shared/learning/progress';
import type { ChildOverview } from '../../shared/routes/family';
import { homeworkDue, lessonWindow, nextLessons, recentProgress } from '../../shared/rules/family-overview';
import { isEnrolledStudent } from '../access/records';
import { allSubjects } from '../catalogue/lookups';
import { subTopicsRepository } from '../repositories/catalogue';
import { type CourseRecord, coursesRepository, userMemberships } from '../repositories/courses';
import { homeworkSubmissionsRepository, submissionId } from '../repositories/homework-submissions';
import { type ScheduleEntry, userSchedule } from '../repositories/lessons';
import { progressEntries } from '../repositories/progress';
import { courseSections } from '../repositories/sections';
import { getUsers, type UserRecord } from '../repositories/users';

/*
 * What a parent's home shows of one child (#16 item 13), read through the repositories the schedule,
 * homework and progress routes read with; which records are shown is decided in
 * shared/rules/family-overview.ts. The reads per child are bounded: their calendar over the weeks ahead
 * (one Query) and its courses (one batch), their memberships (one Query) and courses (one batch), the sections of each course they are
 * enrolled in (one Query per course, as a course page reads them), their hand-ins of the homework due (one
 * batch, by the submissions' ids), their progress (one Query) and the sub-topics of the latest few (one
 * GetItem each); the tutors' names come in one batch for every child.
 */

/**
 * A draft course is its staff's until it is published (#16 item 1, spec: course status ACTIVE or DRAFT): a
 * parent, like the student, sees nothing of it.
 */
const isOpenToLearners = (course: Pick<CourseRecord, 'status'>) => course.status !== 'DRAFT';

type ChildReads = {
  child: UserRecord;
  lessons: Array<ScheduleEntry & { joinOpen: boolean }>;
  homework: ChildOverview['homework'];
  progress: ChildOverview['progress'];
};

async function lessonsOf(tenant: string, childId: string, now: Date) {
  const { from, to } = lessonWindow(now);
  const lines = (await userSchedule(tenant, childId, from, to)).filter((l) => l.role === 'student');
  const courses = await coursesRepository.getMany(tenant, [...new Set(lines.map((l) => l.courseId))]);
  // The course's title as it is now (a calendar line keeps the one it was written with).
  const open = new Map(courses.filter(isOpenToLearners).map((c) => [c._id, c.title]));
  return nextLessons(
    lines.flatMap((l) => {
      const courseTitle = open.get(l.courseId);
      return courseTitle === undefined ? [] : [{ ...l, courseTitle }];
    }),
    now,
  );
}

async function homeworkOf(tenant: string, childId: string, now: Date): Promise<ChildOverview['homework']> {
  const memberships = (await userMemberships(tenant, childId)).filter(
    (m) => isEnrolledStudent(m) && m.status === 'ENABLE',
  );
  const courses = (
    await coursesRepository.getMany(
      tenant,
      memberships.map((m) => m.course),
    )
  ).filter((c) => isOpenToLearners(c) && !c.isTrial);
  const sections = (await Promise.all(courses.map((c) => courseSections(tenant, c._id)))).flat();
  const candidates = homeworkDue(sections, new Set(), now);
  const handedIn = await homeworkSubmissionsRepository.getMany(
    tenant,
    candidates.map(({ section }) => submissionId(section._id, childId)),
  );
  const handedInIds = new Set(handedIn.filter((s) => s.student._id === childId).map((s) => s.section));
  const titles = new Map(courses.map((c) => [c._id, c.title]));
  return homeworkDue(
    candidates.map(({ section }) => section),
    handedInIds,
    now,
  ).map(({ section, dueAt, overdue }) => ({
    sectionId: section._id,
    courseId: section.course,
    courseTitle: titles.get(section.course) ?? '',
    title: section.title,
    dueAt,
    overdue,
  }));
}

async function progressOf(tenant: string, childId: string): Promise<ChildOverview['progress']> {
  const latest = recentProgress(await progressEntries(tenant, childId));
  const [subjects, subTopics] = await Promise.all([
    allSubjects(tenant),
    Promise.all(latest.map((entry) => subTopicsRepository.get(tenant, entry.subTopicId))),
  ]);
  return latest.map((entry, i) => {
    const subject = subjects.find((s) => s._id === entry.subjectId);
    return {
      subTopicId: entry.subTopicId,
      subTopicName: subTopics[i]?.name ?? 'A removed sub-topic',
      subjectName: subject?.name ?? '',
      curriculum: subject?.curriculum ?? '',
      status: entry.status,
      percent: subTopicPercent(entry),
      bestScore: entry.bestScore,
      band: entry.bestScore === null ? null : scoreBand(entry.bestScore),
      updatedAt: entry.updatedAt,
    };
  });
}

async function childReads(tenant: string, child: UserRecord, now: Date): Promise<ChildReads> {
  const [lessons, homework, progress] = await Promise.all([
    lessonsOf(tenant, child._id, now),
    homeworkOf(tenant, child._id, now),
    progressOf(tenant, child._id),
  ]);
  return { child, lessons, homework, progress };
}

/** Each child's next lessons (with their tutor, and draft courses left out), homework due and progress. */
export async function familyOverview(
  tenant: string,
  children: UserRecord[],
  now = new Date(),
): Promise<ChildOverview[]> {
  const reads = await Promise.all(children.map((child) => childReads(tenant, child, now)));
  const lessons = reads.flatMap((r) => r.lessons);
  const tutors = await getUsers(
    tenant,
    lessons.map((l) => l.tutorId),
  );
  const tutorOf = (id: string) => {
    const tutor = tutors.find((u) => u._id === id);
    return tutor ? { _id: tutor._id, firstname: tutor.firstname, lastname: tutor.lastname } : null;
  };
  return reads.map(({ child, lessons: childLessons, homework, progress }) => ({
    child: { _id: child._id, firstname: child.firstname, lastname: child.lastname },
    lessons: childLessons.map((l) => ({
      sectionId: l.sectionId,
      courseId: l.courseId,
      courseTitle: l.courseTitle,
      title: l.title,
      type: l.type,
      status: l.status,
      start: l.start,
      end: l.end,
      duration: l.duration,
      tutor: tutorOf(l.tutorId),
      joinOpen: l.joinOpen,
    })),
    homework,
    progress,
  }));
}
