import { paths } from '../config/paths';
import {
  preloadCurriculumPage,
  preloadHomeCatalogue,
  preloadSubjectPage,
} from '../features/catalogue/use-catalogue';
import { preloadMetaTags } from '../lib/meta-tags';
import { preloadTenant } from '../lib/use-tenant';

/**
 * The reads a route's page makes on its first render, by the route's declared path: when the app starts on
 * one of them they are requested with the page's code instead of after it (the pages' own hooks then find
 * them in SWR's cache). A route not listed here simply fetches when it renders.
 */
const routeData: Record<string, (routerPath: string) => void> = {
  [paths.home]: preloadHomeCatalogue,
  [paths.curriculum]: preloadCurriculumPage,
  [paths.subject]: preloadSubjectPage,
};

/** Every page's shell (the header's tenant, the path's meta tag) and the route's own reads. */
export function preloadRouteData(routePath: string | undefined, routerPath: string): void {
  preloadTenant();
  preloadMetaTags(routerPath);
  if (routePath !== undefined) routeData[routePath]?.(routerPath);
}
