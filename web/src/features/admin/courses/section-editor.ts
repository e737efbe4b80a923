import { DateTime } from 'luxon';
import type { SectionKind } from '../../../../../shared/schemas/section';

export interface Ordered {
  _id: string;
  sortingKey: number;
}

/**
 * Moving a section one place up or down among its siblings (shown in sortingKey order): the siblings are
 * numbered 1..n in their new order and only the ones whose key changes are saved, so ties left by older
 * data are resolved by the first move instead of making it a no-op.
 */
export function reorderUpdates(siblings: Ordered[], index: number, direction: -1 | 1): Ordered[] {
  const target = index + direction;
  if (index < 0 || index >= siblings.length || target < 0 || target >= siblings.length) return [];
  const order = [...siblings];
  [order[index], order[target]] = [order[target]!, order[index]!];
  return order
    .map((section, position) => ({ _id: section._id, sortingKey: position + 1 }))
    .filter((next) => siblings.find((s) => s._id === next._id)!.sortingKey !== next.sortingKey);
}

/** A date and a wall-clock time in a zone (the admin's) as the UTC instant the API takes; undefined if invalid. */
export function zonedInstant(date: string, time: string, zone: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return undefined;
  const instant = DateTime.fromISO(`${date}T${time}`, { zone });
  return instant.isValid ? (instant.toUTC().toISO() ?? undefined) : undefined;
}

/** Homework is due at the end of the chosen day in the setter's zone; no date means no due date. */
export function dueAtOf(date: string, zone: string): string | null {
  if (!date) return null;
  const day = DateTime.fromISO(date, { zone });
  return day.isValid ? day.endOf('day').set({ millisecond: 0 }).toUTC().toISO() : null;
}

/** The `YYYY-MM-DD` of an instant in a zone (to put a stored due date back in the date input). */
export function dateInZone(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const day = DateTime.fromISO(iso, { zone });
  return day.isValid ? (day.toISODate() ?? '') : '';
}

/**
 * The delete call of each kind and its spec 001 section 8 toast. Homework is a section and is deleted
 * through the sections call, so it gets the section toast.
 */
export function deleteCallOf(kind: SectionKind): { routeId: string; toast: string } {
  switch (kind) {
    case 'TEAMS':
      return { routeId: 'meetings.teamsAdminDelete', toast: 'Team Meeting Deleted' };
    case 'ZOOM':
      return { routeId: 'meetings.zoomAdminDelete', toast: 'Zoom Meeting Deleted' };
    case 'RESOURCE':
      return { routeId: 'resources.adminDelete', toast: 'Resource Deleted' };
    default:
      return { routeId: 'sections.adminDelete', toast: 'Section Deleted' };
  }
}

export const kindLabels: Record<SectionKind, string> = {
  SECTION: 'Folder',
  TEAMS: 'Teams meeting',
  ZOOM: 'Zoom meeting',
  RESOURCE: 'Resource',
  HOMEWORK: 'Homework',
};

/**
 * Who edits: the back-office (admin calls, course-editor permission) or a course's own tutor in tutor edit
 * mode (the tutor calls, which the server allows on that tutor's courses only).
 */
export type EditorScope = 'admin' | 'tutor';

/** The call that saves a folder, resource or homework, by who edits and whether it is new. */
export function saveCallOf(
  kind: 'SECTION' | 'RESOURCE' | 'HOMEWORK',
  mode: 'create' | 'edit',
  scope: EditorScope,
): string {
  if (kind === 'HOMEWORK') return mode === 'create' ? 'homeworks.create' : 'homeworks.update';
  if (scope === 'tutor') {
    if (mode === 'edit') return 'sections.update';
    return kind === 'RESOURCE' ? 'resources.create' : 'sections.create';
  }
  if (kind === 'RESOURCE') return mode === 'create' ? 'resources.adminCreate' : 'resources.adminUpdate';
  return mode === 'create' ? 'sections.adminCreate' : 'sections.adminUpdate';
}
