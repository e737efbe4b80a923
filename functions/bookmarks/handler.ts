import { BadRequestError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { isMeetingEnded } from '../../shared/learning/bookmarks';
import { pagesOf } from '../../shared/learning/progress';
import { learningDataRoutes } from '../../shared/routes/learning-data';
import type { Bookmark } from '../../shared/schemas/learning-data';
import { isLessonKind } from '../../shared/schemas/section';
import { isUserAdmin, requireLearnerAccess, teaches } from '../access/records';
import { newId } from '../lib/ids';
import { resourceHandler } from '../lib/pipeline';
import type { Caller } from '../lib/request';
import {
  type BookmarkRecord,
  bookmarksOfStudent,
  bookmarksOfTutor,
  insertBookmark,
} from '../repositories/bookmarks';
import { subjectsRepository, subTopicsRepository } from '../repositories/catalogue';
import { getSection } from '../repositories/sections';
import { getUser } from '../repositories/users';

interface CreateBody {
  tutorId?: string;
  studentId?: string;
  subject?: string;
  subTopicId: string;
  pageNo: number;
  lessonId?: string;
}

/** Adds isMeetingEnded from each bookmark's lesson (lessons read once each). */
async function withMeetingState(tenant: string, bookmarks: BookmarkRecord[]): Promise<Bookmark[]> {
  const lessonIds = [...new Set(bookmarks.flatMap((b) => (b.lessonId ? [b.lessonId] : [])))];
  const lessons = new Map(
    await Promise.all(lessonIds.map(async (id) => [id, await getSection(tenant, id)] as const)),
  );
  const now = new Date();
  return bookmarks.map((bookmark) => {
    if (!bookmark.lessonId) return bookmark;
    return { ...bookmark, isMeetingEnded: isMeetingEnded(lessons.get(bookmark.lessonId), now) ?? true };
  });
}

/** The two people of a bookmark: the caller is one of them, and a tutor must teach the student. */
async function bookmarkParties(tenant: string, caller: Caller, body: CreateBody) {
  const callerIsTutor = caller.user.type === 'tutor';
  const studentId = body.studentId ?? (callerIsTutor ? undefined : caller.user._id);
  if (!studentId) throw new BadRequestError('studentId is required when a tutor makes a bookmark');
  const lesson = body.lessonId ? await getSection(tenant, body.lessonId) : undefined;
  if (body.lessonId && (!lesson || !isLessonKind(lesson.kind))) throw new NotFoundError('Lesson not found');
  const tutorId = body.tutorId ?? (callerIsTutor ? caller.user._id : (lesson?.tutorId ?? null));
  if (caller.user._id !== studentId && caller.user._id !== tutorId) {
    throw new ForbiddenError('You can only make bookmarks for yourself or for your student');
  }
  if (lesson && (lesson.tutorId !== tutorId || !(lesson.studentIds ?? []).includes(studentId))) {
    throw new BadRequestError('This lesson is not between this tutor and this student');
  }
  if (!(await getUser(tenant, studentId))) throw new NotFoundError('Student not found');
  if (tutorId && !lesson && !(await teaches(tenant, tutorId, studentId))) {
    throw new ForbiddenError('This tutor does not teach this student');
  }
  return { studentId, tutorId };
}

export const handler = resourceHandler('bookmarks', learningDataRoutes, {
  'bookmarks.create': async ({ tenant, caller, body }) => {
    const subTopic = await subTopicsRepository.require(tenant.key, body.subTopicId);
    const subject = await subjectsRepository.get(tenant.key, subTopic.subjectId);
    const subjectCode = subject?.subjectCode ?? '';
    if (body.subject && body.subject.toLowerCase() !== subjectCode.toLowerCase()) {
      throw new BadRequestError(`This sub-topic belongs to subject ${subjectCode}, not ${body.subject}`);
    }
    const pages = pagesOf(subTopic);
    if (body.pageNo > pages) {
      throw new BadRequestError(`Page ${body.pageNo} does not exist: this sub-topic has ${pages} page(s)`);
    }
    const { studentId, tutorId } = await bookmarkParties(tenant.key, caller, body);
    const bookmark: BookmarkRecord = {
      _id: newId(),
      tutorId,
      studentId,
      subject: subjectCode,
      subTopicId: subTopic._id,
      subTopicName: subTopic.name,
      pageNo: body.pageNo,
      lessonId: body.lessonId ?? null,
      createdBy: caller.user._id,
      createdAt: new Date().toISOString(),
    };
    await insertBookmark(tenant.key, bookmark);
    const [shown = bookmark] = await withMeetingState(tenant.key, [bookmark]);
    return shown;
  },

  /**
   * By student (the student, their parent, their tutor or an admin), else by tutor (that tutor or an
   * admin), else the caller's own: a tutor's bookmarks for a tutor, a student's for anyone else.
   */
  'bookmarks.list': async ({ tenant, caller, query }) => {
    let found: BookmarkRecord[];
    if (query.studentId) {
      await requireLearnerAccess(tenant.key, caller, query.studentId, 'teaching');
      found = await bookmarksOfStudent(tenant.key, query.studentId);
      if (query.tutorId) found = found.filter((b) => b.tutorId === query.tutorId);
    } else if (query.tutorId) {
      if (query.tutorId !== caller.user._id && !isUserAdmin(caller))
        throw new NotFoundError('Tutor not found');
      found = await bookmarksOfTutor(tenant.key, query.tutorId);
    } else if (caller.user.type === 'tutor') {
      found = await bookmarksOfTutor(tenant.key, caller.user._id);
    } else {
      found = await bookmarksOfStudent(tenant.key, caller.user._id);
    }
    if (query.subject) {
      const subject = query.subject.toLowerCase();
      found = found.filter((b) => b.subject.toLowerCase() === subject);
    }
    return { docs: await withMeetingState(tenant.key, found) };
  },
});
