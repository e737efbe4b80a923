import { isLessonKind } from '../schemas/section';

/**
 * Lessons are listed, and numbered, by date (#16 item 5): "Lesson 5" is the fifth lesson in time, whatever
 * order the lessons were booked in. The rule, used by the server's section trees and by every screen that
 * shows a lesson's number:
 * - dates compare as instants (an offset or a zone in the stored text changes nothing);
 * - lessons at the same instant keep the order they were made in (then their id, so it never flickers);
 * - a lesson without a time yet (the model allows it) comes after the dated ones and has no number;
 * - a cancelled lesson keeps its place in the list but is not counted: the numbers count lessons held or
 *   to be held.
 */
export interface DatedSection {
  _id: string;
  kind: string;
  sortingKey: number;
  start?: string | undefined;
  status?: string | undefined;
  createdAt?: string | undefined;
}

/** The instant a lesson starts, or undefined without a (readable) time. */
function instant(section: Pick<DatedSection, 'start'>): number | undefined {
  if (!section.start) return undefined;
  const at = Date.parse(section.start);
  return Number.isNaN(at) ? undefined : at;
}

/** Date order of two lessons: by start instant, then by creation, then by id; those without a time last. */
export function compareLessonDates(a: DatedSection, b: DatedSection): number {
  const [atA, atB] = [instant(a), instant(b)];
  if (atA !== undefined && atB !== undefined && atA !== atB) return atA - atB;
  if (atA === undefined && atB !== undefined) return 1;
  if (atA !== undefined && atB === undefined) return -1;
  if (atA === undefined) {
    // Neither has a time: the order they were placed in.
    if (a.sortingKey !== b.sortingKey) return a.sortingKey - b.sortingKey;
  }
  const createdA = a.createdAt ? Date.parse(a.createdAt) : Number.NaN;
  const createdB = b.createdAt ? Date.parse(b.createdAt) : Number.NaN;
  if (!Number.isNaN(createdA) && !Number.isNaN(createdB) && createdA !== createdB) return createdA - createdB;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

/**
 * Siblings of one folder in the order they are shown: folders, resources and homework where the course's
 * editor placed them (sortingKey), and the places lessons hold among them filled by the lessons in date order.
 */
export function orderSections<T extends DatedSection>(siblings: readonly T[]): T[] {
  const placed = [...siblings].sort((a, b) => a.sortingKey - b.sortingKey || (a._id < b._id ? -1 : 1));
  const lessons = placed.filter((s) => isLessonKind(s.kind)).sort(compareLessonDates);
  let next = 0;
  return placed.map((section) => (isLessonKind(section.kind) ? (lessons[next++] ?? section) : section));
}

/**
 * Each lesson's number in its course (every folder together): 1 for the first in date order. Lessons without
 * a time and cancelled ones have none.
 */
export function lessonNumbers(sections: readonly DatedSection[]): Map<string, number> {
  const counted = sections
    .filter((s) => isLessonKind(s.kind) && s.status !== 'CANCELLED' && instant(s) !== undefined)
    .sort(compareLessonDates);
  return new Map(counted.map((lesson, index) => [lesson._id, index + 1]));
}

/**
 * A title's own "Lesson" or number ("Lesson", "Lesson 5", "Lesson 5: Vectors", "Lesson: Vectors"), which the
 * date-given number replaces; "Lessons learnt" or "Lesson plan" are titles of their own.
 */
const OWN_NUMBER = /^\s*lesson(?:\s+\d+)?\s*(?:[:·\-–—]\s*|$)/i;

/**
 * How a lesson is named in a list: "Lesson 3" with what its title says beyond a number of its own ("Lesson
 * 3: Vectors" for a lesson titled "Vectors" or "Lesson 7: Vectors"). A lesson without a number keeps its title.
 */
export function lessonLabel(title: string, number: number | undefined): string {
  if (number === undefined) return title;
  const rest = title.replace(OWN_NUMBER, '').trim();
  return rest ? `Lesson ${number}: ${rest}` : `Lesson ${number}`;
}

/** Every section of a tree, depth first (to number lessons across folders). */
export function flattenSections<T extends { sections: T[] }>(nodes: readonly T[]): T[] {
  return nodes.flatMap((node) => [node, ...flattenSections(node.sections)]);
}
