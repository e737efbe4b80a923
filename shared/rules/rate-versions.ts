import { DateTime } from 'luxon';

/**
 * Which rate version applies to whom, and when (spec 002 section 3, "Rates"; issue 18 item 2).
 *
 * A rate version is effective-dated: it is in force from `effectiveFrom` (inclusive) until `effectiveTo`
 * (exclusive; open when absent). The version of a lesson is chosen at the lesson's own instant, so a lesson
 * taught in March keeps March's version after a new one starts in April, whenever its pay is computed.
 *
 * A version may carry a rule on a date of the person: when the student was assigned to the tutor
 * (STUDENT_ASSIGNED_DATE, one-to-one rates) or when the tutor registered (TUTOR_REGISTRATION_DATE, group
 * rates), compared with a calendar day by one of five operators. The rule's day is a day in a named time
 * zone (the admin's when they wrote it), turned into the two instants that bound it, and the person's date
 * is an instant: every comparison is between instants, so the answer does not depend on the zone of the
 * server or of whoever asks, and "assigned on 1 March" means 1 March where the school wrote the rule, not in
 * UTC. With the day [start, end):
 * - EQUAL: start <= t < end (any time that day);
 * - GREATER_THAN: t >= end (after that day); GREATER_THAN_OR_EQUAL: t >= start (that day or after);
 * - LESS_THAN: t < start (before that day); LESS_THAN_OR_EQUAL: t < end (that day or before).
 * A person without the date (a student never assigned) matches no rule.
 *
 * Inclusion narrows a version to people: ALL (everyone), INCLUDE (only the listed users), EXCLUDE (everyone
 * but the listed users).
 *
 * Several versions can apply at once (overlapping periods, a general version and one for some people). The
 * choice is deterministic, whatever the order the versions are read in:
 * 1. the one in force that started last (the newest terms win);
 * 2. then the more specific: one that names the person (INCLUDE) before one with a date rule before one for
 *    everyone;
 * 3. then the one created last, then the greatest id.
 */
export const rateRuleBases = ['STUDENT_ASSIGNED_DATE', 'TUTOR_REGISTRATION_DATE'] as const;
export type RateRuleBasis = (typeof rateRuleBases)[number];
export const rateRuleOperators = [
  'GREATER_THAN',
  'LESS_THAN',
  'EQUAL',
  'GREATER_THAN_OR_EQUAL',
  'LESS_THAN_OR_EQUAL',
] as const;
export type RateRuleOperator = (typeof rateRuleOperators)[number];
export const inclusionModes = ['ALL', 'INCLUDE', 'EXCLUDE'] as const;
export type InclusionMode = (typeof inclusionModes)[number];

/** The basis of each class type's rules (spec 002): one-to-one by assignment, group by registration. */
export const ruleBasisOfClassType = {
  'One-to-One': 'STUDENT_ASSIGNED_DATE',
  Group: 'TUTOR_REGISTRATION_DATE',
} as const satisfies Record<string, RateRuleBasis>;

export interface RateRule {
  basis: RateRuleBasis;
  operator: RateRuleOperator;
  /** A calendar day, YYYY-MM-DD, in `timeZone`. */
  date: string;
  /** An IANA zone. */
  timeZone: string;
}

export interface Inclusion {
  mode: InclusionMode;
  userIds: readonly string[];
}

export interface RateVersionTerms {
  _id: string;
  createdAt: string;
  /** UTC ISO instants. */
  effectiveFrom: string;
  effectiveTo?: string | null | undefined;
  rule?: RateRule | null | undefined;
  inclusion: Inclusion;
}

/** Whom a version is chosen for: the person and their dates (UTC ISO instants), when known. */
export interface RateSubject {
  userId: string;
  dates: Partial<Record<RateRuleBasis, string | null | undefined>>;
}

/**
 * A student as a version is chosen for them: their id and STUDENT_ASSIGNED_DATE, the instant their one-to-one
 * tutor rate student type was assigned (none: no rule on that basis matches them).
 */
export function studentRateSubject(student: {
  _id: string;
  rateStudentTypeAssignedAt?: string | undefined;
}): RateSubject {
  return { userId: student._id, dates: { STUDENT_ASSIGNED_DATE: student.rateStudentTypeAssignedAt } };
}

const millis = (instant: string) => Date.parse(instant);

/** The instants that bound the rule's day in its zone: [start, end), right across daylight-saving changes. */
export function ruleDayBounds(rule: Pick<RateRule, 'date' | 'timeZone'>): { start: number; end: number } {
  const day = DateTime.fromISO(rule.date, { zone: rule.timeZone });
  if (!day.isValid) throw new RangeError(`Not a day in a known zone: ${rule.date} ${rule.timeZone}`);
  const start = day.startOf('day');
  return { start: start.toMillis(), end: start.plus({ days: 1 }).toMillis() };
}

/** Whether the person's date satisfies the rule (see the operators above). */
export function ruleMatches(rule: RateRule, instant: string | null | undefined): boolean {
  if (!instant) return false;
  const t = millis(instant);
  if (Number.isNaN(t)) return false;
  const { start, end } = ruleDayBounds(rule);
  switch (rule.operator) {
    case 'EQUAL':
      return start <= t && t < end;
    case 'GREATER_THAN':
      return t >= end;
    case 'GREATER_THAN_OR_EQUAL':
      return t >= start;
    case 'LESS_THAN':
      return t < start;
    case 'LESS_THAN_OR_EQUAL':
      return t < end;
  }
}

export function includesUser(inclusion: Inclusion, userId: string): boolean {
  switch (inclusion.mode) {
    case 'ALL':
      return true;
    case 'INCLUDE':
      return inclusion.userIds.includes(userId);
    case 'EXCLUDE':
      return !inclusion.userIds.includes(userId);
  }
}

/** Whether the version is in force at `at` (effectiveFrom inclusive, effectiveTo exclusive). */
export function inForceAt(
  version: Pick<RateVersionTerms, 'effectiveFrom' | 'effectiveTo'>,
  at: string,
): boolean {
  const t = millis(at);
  return millis(version.effectiveFrom) <= t && (!version.effectiveTo || t < millis(version.effectiveTo));
}

/** Whether the version applies to the subject at `at`: in force, including them, and its rule satisfied. */
export function appliesTo(version: RateVersionTerms, subject: RateSubject, at: string): boolean {
  return (
    inForceAt(version, at) &&
    includesUser(version.inclusion, subject.userId) &&
    (!version.rule || ruleMatches(version.rule, subject.dates[version.rule.basis]))
  );
}

function specificity(version: RateVersionTerms): number {
  if (version.inclusion.mode === 'INCLUDE') return 2;
  return version.rule ? 1 : 0;
}

/** Orders versions best first (the order the choice above describes). */
export function compareVersions(a: RateVersionTerms, b: RateVersionTerms): number {
  return (
    millis(b.effectiveFrom) - millis(a.effectiveFrom) ||
    specificity(b) - specificity(a) ||
    millis(b.createdAt) - millis(a.createdAt) ||
    (a._id < b._id ? 1 : a._id > b._id ? -1 : 0)
  );
}

/** The version that applies to the subject at `at` (a lesson's start), or undefined when none does. */
export function applicableVersion<V extends RateVersionTerms>(
  versions: readonly V[],
  subject: RateSubject,
  at: string,
): V | undefined {
  return versions.filter((version) => appliesTo(version, subject, at)).sort(compareVersions)[0];
}

/** Why a version's terms cannot stand (its period backwards, an inclusion without people), or undefined. */
export function versionTermsProblem(
  version: Omit<RateVersionTerms, '_id' | 'createdAt'>,
): string | undefined {
  if (version.effectiveTo && millis(version.effectiveTo) <= millis(version.effectiveFrom)) {
    return 'The version ends after it starts';
  }
  if (version.inclusion.mode === 'INCLUDE' && version.inclusion.userIds.length === 0) {
    return 'Name at least one user to include';
  }
  if (version.inclusion.mode === 'ALL' && version.inclusion.userIds.length > 0) {
    return 'A version for everyone names no users';
  }
  return undefined;
}
