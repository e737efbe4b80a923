import { isLessonKind, type SectionKind } from '../../../../../shared/schemas/section';

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

/**
 * Whether a section can move one place that way: not past either end, and not a lesson past another lesson,
 * since lessons among themselves follow their dates (shared/scheduling/lesson-order.ts) and such a move
 * would change nothing shown.
 */
export function mayMove(siblings: Array<{ kind: string }>, index: number, direction: -1 | 1): boolean {
  const section = siblings[index];
  const neighbour = siblings[index + direction];
  if (!section || !neighbour) return false;
  return !(isLessonKind(section.kind) && isLessonKind(neighbour.kind));
}

/**
 * The delete call of each kind and its spec 001 section 8 toast. Homework is a section and is deleted
 * through the sections call, so it gets the section toast.
 */
export function deleteCallOf(kind: SectionKind): {
  routeId:
    | 'meetings.teamsAdminDelete'
    | 'meetings.zoomAdminDelete'
    | 'resources.adminDelete'
    | 'sections.adminDelete';
  toast: string;
} {
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
