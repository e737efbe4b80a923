import { DateTime } from 'luxon';
import type { RouteId } from '../../../../shared/routes/catalogue';

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
 * Who edits: the back-office (admin calls, course-editor permission) or a course's own tutor in tutor edit
 * mode (the tutor calls, which the server allows on that tutor's courses only).
 */
export type EditorScope = 'admin' | 'tutor';

/**
 * The calls that save a folder, resource or homework, by who edits, what and whether it is new. Homework
 * goes through the homework calls either way; a tutor edits any of their sections with `sections.update`.
 */
const saveCalls = {
  admin: {
    SECTION: { create: 'sections.adminCreate', edit: 'sections.adminUpdate' },
    RESOURCE: { create: 'resources.adminCreate', edit: 'resources.adminUpdate' },
    HOMEWORK: { create: 'homeworks.create', edit: 'homeworks.update' },
  },
  tutor: {
    SECTION: { create: 'sections.create', edit: 'sections.update' },
    RESOURCE: { create: 'resources.create', edit: 'sections.update' },
    HOMEWORK: { create: 'homeworks.create', edit: 'homeworks.update' },
  },
} as const satisfies Record<EditorScope, Record<string, Record<'create' | 'edit', RouteId>>>;

/** The call that saves a folder, resource or homework, by who edits and whether it is new. */
export function saveCallOf<Kind extends 'SECTION' | 'RESOURCE' | 'HOMEWORK', Mode extends 'create' | 'edit'>(
  kind: Kind,
  mode: Mode,
  scope: EditorScope,
) {
  return saveCalls[scope][kind][mode];
}
