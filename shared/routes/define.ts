import type { z } from 'zod';
import type { PermissionArea } from '../permissions/catalogue';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route.
 * - public: anyone (the tenant is still resolved);
 * - signedIn: any valid token of this tenant;
 * - permission: the caller's role holds at least one of `actions` in any of `areas`; when `tenantScoped`,
 *   the tenant must hold the same permission too (spec 000 section 6).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'permission'; areas: PermissionArea[]; actions: string[]; tenantScoped?: boolean };

export interface RouteDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** `resource.verb`, unique. */
  id: string;
  method: HttpMethod;
  /** API Gateway path template, e.g. `/admin/roles/{id}`. */
  path: string;
  /** The folder under functions/ (one Lambda) that serves this route. */
  resource: string;
  access: Access;
  query?: Q;
  body?: B;
  response?: R;
  /** `form` for the OAuth token endpoint (application/x-www-form-urlencoded); JSON otherwise. */
  bodyEncoding?: 'json' | 'form';
  /** Routes that answer OAuth-style errors (`error`, `error_description`). */
  oauthErrors?: boolean;
  /** Spec 000 section 2: requests the global loader ignores. */
  silent?: boolean;
  summary: string;
}

export const publicAccess: Access = { kind: 'public' };
export const signedIn: Access = { kind: 'signedIn' };
export function permission(
  areas: PermissionArea | PermissionArea[],
  actions: string | string[],
  options: { tenantScoped?: boolean } = {},
): Access {
  return {
    kind: 'permission',
    areas: Array.isArray(areas) ? areas : [areas],
    actions: Array.isArray(actions) ? actions : [actions],
    ...(options.tenantScoped ? { tenantScoped: true } : {}),
  };
}

export function route<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  def: RouteDef<Q, B, R>,
): RouteDef<Q, B, R> {
  return def;
}

/** Path parameter names of a template: `/a/{id}/b/{noteId}` -> ['id', 'noteId']. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/** `/admin/roles/{id}` + { id: 'r1' } -> `/admin/roles/r1` (values URI-encoded). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
