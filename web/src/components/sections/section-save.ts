import { DateTime } from 'luxon';

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
