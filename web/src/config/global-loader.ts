import type { RouteDef } from '../../../shared/routes/define';

/**
 * Spec 000 section 2: the global loader shows while any request is pending, except these (they run while
 * the user types or drags, where a page-wide bar would flicker). Those routes arrive with later work and are
 * matched by route id here; any route can also opt out with `silent: true` in its declaration.
 */
export const loaderExcludedRouteIds: ReadonlySet<string> = new Set([
  'tags.list',
  'users.adminDropdown',
  'courses.update',
  'sections.update',
]);

export function showsGlobalLoader(route: Pick<RouteDef, 'id' | 'silent'>): boolean {
  return !route.silent && !loaderExcludedRouteIds.has(route.id);
}
