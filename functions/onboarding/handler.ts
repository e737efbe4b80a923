import { BadRequestError } from '../../shared/http/errors';
import { learningDataRoutes } from '../../shared/routes/learning-data';
import type { Onboarding } from '../../shared/schemas/learning-data';
import { requireLearnerAccess } from '../access/records';
import { findCurriculum, subjectsOf } from '../catalogue/lookups';
import { resourceHandler } from '../lib/pipeline';
import { getOnboarding, putOnboarding } from '../repositories/onboarding';

export const handler = resourceHandler('onboarding', learningDataRoutes, {
  /**
   * The caller's answers, checked against the catalogue: a known curriculum, one of its grades and its
   * subjects (by subject code). Saving again replaces the answers and keeps the first saved time.
   */
  'onboarding.save': async ({ tenant, caller, body }) => {
    const curriculum = await findCurriculum(tenant.key, body.curriculum);
    if (!curriculum) throw new BadRequestError(`Unknown curriculum ${body.curriculum}`);
    const grade = curriculum.grades.find((g) => g.toLowerCase() === body.grade.toLowerCase());
    if (!grade) {
      throw new BadRequestError(
        `${curriculum.name} has no grade ${body.grade}: choose one of ${curriculum.grades.join(', ')}`,
      );
    }
    const offered = await subjectsOf(tenant.key, curriculum._id);
    const codes = [...new Set(body.subjects.map((code) => code.toUpperCase()))];
    const unknown = codes.filter((code) => !offered.some((s) => s.subjectCode.toUpperCase() === code));
    if (unknown.length) {
      throw new BadRequestError(`${curriculum.name} has no subject ${unknown.join(', ')}`);
    }
    const previous = await getOnboarding(tenant.key, caller.user._id);
    const now = new Date().toISOString();
    const onboarding: Onboarding = {
      _id: caller.user._id,
      userId: caller.user._id,
      curriculum: curriculum.name,
      curriculumId: curriculum._id,
      grade,
      subjects: codes.map((code) => offered.find((s) => s.subjectCode.toUpperCase() === code)!.subjectCode),
      goals: [...new Set(body.goals)],
      notes: body.notes,
      ...(body.examDate ? { examDate: body.examDate } : {}),
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    };
    await putOnboarding(tenant.key, onboarding);
    return onboarding;
  },

  'onboarding.get': async ({ tenant, caller, params }) => {
    const user = await requireLearnerAccess(tenant.key, caller, params.id, 'private');
    const onboarding = await getOnboarding(tenant.key, user._id);
    return onboarding
      ? { ...onboarding, completed: true }
      : { _id: user._id, userId: user._id, completed: false };
  },
});
