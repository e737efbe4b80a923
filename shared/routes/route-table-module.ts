import { routes } from './catalogue';
import { clientRouteTable } from './route-table';

/**
 * What `virtual:route-table` is outside a Vite build (Vitest, type checks): the table computed from the
 * catalogue at run time. The SPA's build inlines the same table as JSON (web/vite.config.ts).
 */
export default clientRouteTable(routes);
