import { isValidElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { router } from '../../../web/src/app/router';

/**
 * Every page route of the SPA as a full router path (`/admin/courses/:courseId`), read from the route table
 * itself (web/src/app/router.tsx), so a route added there is in this list without anyone editing it.
 * Routes whose element only redirects (`<Navigate>`, e.g. `/portal/*` or the back-office's index) and
 * layouts (routes with children, e.g. `/admin`) are left out: the pages they lead to are listed.
 */
export function appRoutePaths(routes: RouteObject[] = router.routes, parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.path === undefined ? parent : joinPath(parent, route.path);
    const children = route.children ? appRoutePaths(route.children, own) : [];
    const redirects = isValidElement(route.element) && route.element.type === Navigate;
    const page = route.path !== undefined && !route.children && !redirects;
    return page ? [own] : children;
  });
}

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}
