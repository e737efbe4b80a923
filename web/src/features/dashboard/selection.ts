import type { SubjectProgressDoc } from '../../../../shared/schemas/learning-data';

/**
 * Whose dashboard opens first. A user-mapper lists the parent's account first (it is created for the
 * parent, then the children are linked): a parent opens on the child asked for (`?learner=`, from a child's
 * card on the portal home) when it is one of theirs, else on their first child; anyone else on themselves.
 */
export function defaultLearner(
  me: string,
  mapped: ReadonlyArray<{ _id: string }> | undefined,
  asked?: string | null,
): string {
  const isParent = !!mapped && mapped.length > 1 && mapped[0]?._id === me;
  if (isParent && asked && mapped.some((account) => account._id === asked)) return asked;
  if (isParent) return mapped[1]!._id;
  return me;
}

/**
 * The curriculum the dashboard shows: the one chosen before on this browser (if it still exists), else the
 * one the learner gave at onboarding, else the first.
 */
export function defaultCurriculum(
  names: readonly string[],
  stored: string | null,
  onboarded: string | undefined,
): string | undefined {
  if (stored && names.includes(stored)) return stored;
  if (onboarded && names.includes(onboarded)) return onboarded;
  return names[0];
}

/** The subject to open: the one chosen, else the most recently studied, else the first. */
export function focusSubject(
  subjects: readonly SubjectProgressDoc[],
  chosen: string | undefined,
): SubjectProgressDoc | undefined {
  const picked = subjects.find((s) => s.subjectId === chosen);
  if (picked) return picked;
  const studied = subjects
    .filter((s) => s.lastActivityAt)
    .sort((a, b) => (b.lastActivityAt ?? '').localeCompare(a.lastActivityAt ?? ''));
  return studied[0] ?? subjects[0];
}

/** Subjects worth a ring: those started or chosen at onboarding; all of them when none is. */
export function ringSubjects(
  subjects: readonly SubjectProgressDoc[],
  onboardedCodes: readonly string[] = [],
): SubjectProgressDoc[] {
  const shown = subjects.filter((s) => s.lastActivityAt || onboardedCodes.includes(s.subjectCode));
  return shown.length ? shown : [...subjects];
}
