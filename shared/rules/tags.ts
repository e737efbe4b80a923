import { catalogueSlug, uniqueSlug } from '../catalogue/paths';

/**
 * A tenant holds at most this many tags: the name check reads the whole collection, so its size is
 * bounded (admins label students with a few dozen tags; a thousand is far beyond any real use).
 */
export const MAX_TAGS = 1_000;

/**
 * Tag names are unique ignoring case, spacing and punctuation ("Exam focus", "exam-FOCUS" and "exam_focus"
 * are one tag): two names clash when their keys are equal, the slug of the name with every run of
 * punctuation read as a space (the slug alone drops "_" but hyphenates a space, so "Dup B" and "dup_b"
 * would not clash). A name without a letter or digit has no key. The key is also what the database holds
 * unique (functions/repositories/tags.ts).
 */
export function tagNameKey(name: string): string {
  return catalogueSlug(name.replace(/[^\p{L}\p{M}\p{N}]+/gu, ' '));
}

/** The tag other than `exceptId` (the one being renamed) whose name clashes with `name`, if any. */
export function clashingTag<T extends { _id: string; name: string }>(
  tags: readonly T[],
  name: string,
  exceptId?: string,
): T | undefined {
  const key = tagNameKey(name);
  return tags.find((tag) => tag._id !== exceptId && tagNameKey(tag.name) === key);
}

/**
 * A new tag's id: its name's slug, readable in URLs and stable across renames. A renamed tag keeps its
 * id, so the slug of a new name may already be taken by a tag now called something else: then the
 * first free "-2", "-3"...
 */
export function newTagId(name: string, takenIds: Iterable<string>): string {
  return uniqueSlug(name, takenIds);
}
