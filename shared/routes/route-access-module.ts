import { routes } from './catalogue';
import { routeAccessTable } from './route-table';

/**
 * What `virtual:route-access` is outside a Vite build (Vitest, type checks): the table computed from the
 * catalogue at run time. The SPA's build inlines the same table as JSON (web/vite.config.ts).
 */
export default routeAccessTable(routes);
