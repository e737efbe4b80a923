import type { Money } from '../money/money';
import { inForceAt } from './rate-versions';

/**
 * Which tutor rate pays a lesson (spec 002 section 7, "One-to-one tutor rates" and "Group tutor rates";
 * issue 18 items 2 and 6).
 *
 * A tutor rate is an hourly amount for a scope: the tutor's country, the student's country, the kind (a
 * one-to-one rate's student type, a group rate's course type: the rate-type resources), the curriculum and
 * the grade. An empty scope field means "any". A rate is effective-dated like a rate version
 * (shared/rules/rate-versions.ts `inForceAt`): in force from `effectiveFrom` (inclusive) to `effectiveTo`
 * (exclusive, open when absent). A school changes its rates by ending one and starting another, never by
 * rewriting the amount of a rate lessons were paid at: the lesson-history row fixes the rate it was paid
 * at when it is written, and this rule, asked at the lesson's start, answers the same rate later too.
 *
 * A tutor may have rates of their own (set by an admin on the tutor's account), which override the general
 * rates: the choice is
 * 1. among the tutor's own rates in force at the lesson's start that fit the lesson, the best; only when none
 *    fits,
 * 2. among the general rates in force that fit, the best.
 * "Best" is the most specific (most scope fields named), then the one that took effect last, then the one
 * created last, then the greatest id: deterministic whatever the order the rates are read in.
 */
export interface TutorRateScope {
  /** The tutor's country ('' any). A tutor's own rates leave it empty: they are the tutor's already. */
  tutorCountry: string;
  studentCountry: string;
  /** A one-to-one rate's student type id or a group rate's course type id ('' any). */
  kind: string;
  curriculum: string;
  grade: string;
}

export interface TutorRateTerms extends TutorRateScope {
  _id: string;
  createdAt: string;
  /** UTC ISO instants. */
  effectiveFrom: string;
  effectiveTo?: string | null | undefined;
  /** The hourly amount. */
  rate: Money;
}

/** What is known of a lesson when its rate is chosen (unknown fields are '' and match "any" rates only). */
export interface RatedLesson {
  /** The lesson's start: the instant the rates in force are taken at. */
  start: string;
  tutorCountry: string;
  studentCountry: string;
  kind: string;
  curriculum: string;
  grade: string;
}

export type TutorRateSource = 'TUTOR' | 'GENERAL';

export interface ChosenTutorRate<R extends TutorRateTerms = TutorRateTerms> {
  rate: R;
  source: TutorRateSource;
}

const scopeFields = ['tutorCountry', 'studentCountry', 'kind', 'curriculum', 'grade'] as const;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether the rate's scope covers the lesson: each field "any" or equal (ignoring case and outer spaces). */
export function rateFits(rate: TutorRateScope, lesson: Omit<RatedLesson, 'start'>): boolean {
  return scopeFields.every((field) => rate[field].trim() === '' || same(rate[field], lesson[field]));
}

/** How many scope fields the rate names. */
export function specificity(rate: TutorRateScope): number {
  return scopeFields.filter((field) => rate[field].trim() !== '').length;
}

/** Orders rates best first (see above). */
export function compareRates(a: TutorRateTerms, b: TutorRateTerms): number {
  return (
    specificity(b) - specificity(a) ||
    Date.parse(b.effectiveFrom) - Date.parse(a.effectiveFrom) ||
    Date.parse(b.createdAt) - Date.parse(a.createdAt) ||
    (a._id < b._id ? 1 : a._id > b._id ? -1 : 0)
  );
}

/** The best of `rates` in force at the lesson's start that fit it, or undefined. */
export function bestRate<R extends TutorRateTerms>(rates: readonly R[], lesson: RatedLesson): R | undefined {
  return rates
    .filter((rate) => inForceAt(rate, lesson.start) && rateFits(rate, lesson))
    .sort(compareRates)[0];
}

/** The rate that pays the lesson: the tutor's own first, then the general ones; undefined when none fits. */
export function chooseTutorRate<R extends TutorRateTerms>(
  rates: { tutor: readonly R[]; general: readonly R[] },
  lesson: RatedLesson,
): ChosenTutorRate<R> | undefined {
  const own = bestRate(rates.tutor, lesson);
  if (own) return { rate: own, source: 'TUTOR' };
  const general = bestRate(rates.general, lesson);
  return general ? { rate: general, source: 'GENERAL' } : undefined;
}

/** Why a rate's terms cannot stand (its period backwards), or undefined. */
export function tutorRateTermsProblem(
  terms: Pick<TutorRateTerms, 'effectiveFrom' | 'effectiveTo'>,
): string | undefined {
  if (terms.effectiveTo && Date.parse(terms.effectiveTo) <= Date.parse(terms.effectiveFrom)) {
    return 'The rate ends after it starts';
  }
  return undefined;
}
