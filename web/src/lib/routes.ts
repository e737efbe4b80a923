import table from 'virtual:route-table';
import type { ClientRoute } from '../../../shared/routes/route-table';

/** A declared route by id (the build's table, without schemas); unknown ids are a programming error. */
export function routeById(id: string): ClientRoute {
  const found = table[id];
  if (!found) throw new Error(`Unknown route ${id}`);
  return { id, ...found };
}

export function hasRoute(id: string): boolean {
  return id in table;
}

/** A route anyone may call: its answer is the same for every visitor (see ClientRoute). */
export function isPublicRoute(id: unknown): boolean {
  return typeof id === 'string' && table[id]?.public === true;
}
