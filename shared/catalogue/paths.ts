import { PORTAL_BASE_PATH } from '../rules/sitemap-pages';
import { slugify } from '../rules/slug';

/**
 * Public catalogue pages live at /{curriculum}/{subject}/{topic}/{sub-topic} (spec 000 section 2), each
 * part a slug. The spec's slug helper only lowercases and hyphenates; names such as "Algebra & Graphs"
 * or "Forces (Motion)" also need their punctuation dropped to make a clean, stable URL part.
 */
export function catalogueSlug(name: string): string {
  return slugify(name)
    .normalize('NFKD')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The slug for a new name among its siblings' slugs: the plain slug, else the first free "-2", "-3"... */
export function uniqueSlug(name: string, taken: Iterable<string>): string {
  const base = catalogueSlug(name) || 'untitled';
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

export function cataloguePath(...slugs: string[]): string {
  return `/${slugs.join('/')}`;
}

/** The site address of a catalogue page, as the browser and the edge see it (`/learning-portal/...`). */
export function catalogueSitePath(...slugs: string[]): string {
  return `${PORTAL_BASE_PATH}${cataloguePath(...slugs)}`;
}

/** Splits a portal path into at most four catalogue slugs, or undefined when it cannot be one. */
export function parseCataloguePath(path: string): string[] | undefined {
  const parts = path.split(/[?#]/)[0]!.split('/').filter(Boolean);
  if (parts.length === 0 || parts.length > 4) return undefined;
  if (parts.some((part) => part !== catalogueSlug(part))) return undefined;
  return parts;
}

/**
 * Applies a new order (spec 000: "sortingOrder merged in by topicId"): records named in the update take
 * its sortingOrder, the others keep theirs; the answer is sorted, ties broken by name.
 */
export function mergeSortingOrder<T extends { _id: string; sortingOrder: number; name: string }>(
  records: readonly T[],
  update: ReadonlyArray<{ topicId: string; sortingOrder: number }>,
): T[] {
  const next = new Map(update.map((entry) => [entry.topicId, entry.sortingOrder]));
  return records
    .map((record) => (next.has(record._id) ? { ...record, sortingOrder: next.get(record._id)! } : record))
    .sort(bySortingOrder);
}

export function bySortingOrder<T extends { sortingOrder: number; name: string }>(a: T, b: T): number {
  return a.sortingOrder - b.sortingOrder || a.name.localeCompare(b.name);
}

/** Moves one item of a list to a new order given as ids (video links), refusing unknown or missing ids. */
export function reorderByIds<T extends { _id: string }>(
  items: readonly T[],
  ids: readonly string[],
): T[] | string {
  if (ids.length !== items.length || new Set(ids).size !== ids.length) {
    return 'Give every video link exactly once';
  }
  const byId = new Map(items.map((item) => [item._id, item]));
  const ordered: T[] = [];
  for (const id of ids) {
    const item = byId.get(id);
    if (!item) return `Unknown video link ${id}`;
    ordered.push(item);
  }
  return ordered;
}
