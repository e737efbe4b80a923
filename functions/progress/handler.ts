import { BadRequestError } from '../../shared/http/errors';
import {
  applyProgressEvent,
  pagesOf,
  progressEventProblem,
  rollUpSubject,
  type SubjectProgress,
  type SubTopicProgressEntry,
} from '../../shared/learning/progress';
import { meteredProgress } from '../../shared/learning/usage';
import { learningDataRoutes } from '../../shared/routes/learning-data';
import type { Subject } from '../../shared/schemas/catalogue';
import { requireLearnerAccess } from '../access/records';
import { allSubjects, findSubjectByCode, requireCurriculum, subjectsOf } from '../catalogue/lookups';
import { subjectOutline } from '../learning/outline';
import { resourceHandler } from '../lib/pipeline';
import { subTopicsRepository } from '../repositories/catalogue';
import { progressEntries, updateProgressEntry } from '../repositories/progress';
import { chargesFor, meterFor } from '../usage/meter';

async function rollUp(
  tenant: string,
  subjects: Subject[],
  entries: SubTopicProgressEntry[],
): Promise<SubjectProgress[]> {
  return Promise.all(
    subjects.map(async (subject) =>
      rollUpSubject(
        await subjectOutline(tenant, subject),
        entries.filter((e) => e.subjectId === subject._id),
      ),
    ),
  );
}

export const handler = resourceHandler('progress', learningDataRoutes, {
  /**
   * The caller's own progress: the sub-topic (and so its subject and pages) comes from the catalogue. A
   * page read and a quiz score are metered (shared/learning/usage.ts): counted in the same transaction as
   * the progress they record, and refused with a 429 (nothing stored, nothing counted) once the month's
   * allowance is used up.
   */
  'progress.record': async ({ tenant, caller, body }) => {
    const [subTopic, meter] = await Promise.all([
      subTopicsRepository.require(tenant.key, body.subTopicId),
      meterFor(tenant.key, caller.user),
    ]);
    const pagesTotal = pagesOf(subTopic);
    const problem = progressEventProblem(body, pagesTotal);
    if (problem) throw new BadRequestError(problem);
    const ids = { userId: caller.user._id, subjectId: subTopic.subjectId, subTopicId: subTopic._id };
    const charges = meteredProgress({ ...body, subTopicId: subTopic._id });
    return updateProgressEntry(
      tenant.key,
      ids,
      (current) =>
        applyProgressEvent(
          current,
          { ...ids, topicId: subTopic.topicId, curriculumId: subTopic.curriculumId },
          body,
          pagesTotal,
          new Date().toISOString(),
        ),
      meter && charges.length ? () => chargesFor(meter, charges) : undefined,
    );
  },

  /** Every subject the student has started, most recently studied first. */
  'progress.get': async ({ tenant, caller, params }) => {
    const user = await requireLearnerAccess(tenant.key, caller, params.id, 'teaching');
    const entries = await progressEntries(tenant.key, user._id);
    const started = new Set(entries.map((e) => e.subjectId));
    const subjects = (await allSubjects(tenant.key)).filter((s) => started.has(s._id));
    const docs = await rollUp(tenant.key, subjects, entries);
    docs.sort((a, b) => (b.lastActivityAt ?? '').localeCompare(a.lastActivityAt ?? ''));
    return { userId: user._id, subjects: docs };
  },

  'progress.subject': async ({ tenant, caller, body }) => {
    const user = await requireLearnerAccess(tenant.key, caller, body.userId ?? caller.user._id, 'teaching');
    const subject = await findSubjectByCode(tenant.key, body.subjectCode, body.subjectLevel);
    const entries = await progressEntries(tenant.key, user._id, subject._id);
    return rollUpSubject(await subjectOutline(tenant.key, subject), entries);
  },

  /** v2: every subject of the curriculum, those not started at 0 percent. */
  'progress.byCurriculum': async ({ tenant, caller, params, query }) => {
    const user = await requireLearnerAccess(tenant.key, caller, query.userId ?? caller.user._id, 'teaching');
    const curriculum = await requireCurriculum(tenant.key, params.curriculumId);
    const [subjects, entries] = await Promise.all([
      subjectsOf(tenant.key, curriculum._id),
      progressEntries(tenant.key, user._id),
    ]);
    return {
      curriculumId: curriculum.name,
      userId: user._id,
      subjects: await rollUp(tenant.key, subjects, entries),
    };
  },
});
