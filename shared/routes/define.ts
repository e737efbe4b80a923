import type { z } from 'zod';
import type { BusinessMetric } from '../observability/metrics';
import type { PermissionArea } from '../permissions/catalogue';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route.
 * - public: anyone (the tenant is still resolved);
 * - signedIn: any valid token of this tenant;
 * - permission: the caller's role holds at least one of `actions` in any of `areas`; when `tenantScoped`,
 *   the tenant must hold the same permission too (spec 000 section 6).
 */
export type Access = PublicAccess | SignedInAccess | PermissionAccess;
export interface PublicAccess {
  kind: 'public';
}
export interface SignedInAccess {
  kind: 'signedIn';
}
export interface PermissionAccess {
  kind: 'permission';
  areas: PermissionArea[];
  actions: string[];
  tenantScoped?: boolean;
}

export interface RouteDef {
  /** `resource.verb`, unique. */
  id: string;
  method: HttpMethod;
  /** API Gateway path template, e.g. `/admin/roles/{id}`. */
  path: string;
  /** The folder under functions/ (one Lambda) that serves this route. */
  resource: string;
  access: Access;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  response?: z.core.$ZodType;
  /**
   * `form` for the OAuth token endpoint (application/x-www-form-urlencoded); `raw` for a provider's webhook,
   * whose signature is over the exact bytes sent (the body is the text as received); JSON otherwise.
   */
  bodyEncoding?: 'json' | 'form' | 'raw';
  /**
   * The path parameter naming the tenant, for a caller that sends no tenant header or site origin (a
   * payment provider's webhook): the tenant is that one, and an unknown key is a 404.
   */
  tenantParam?: string;
  /** Routes that answer OAuth-style errors (`error`, `error_description`). */
  oauthErrors?: boolean;
  /** Spec 000 section 2: requests the global loader ignores. */
  silent?: boolean;
  /**
   * `strict`: the API stage throttles this route tighter than the rest (sign-in, sign-up, password resets,
   * the public trial booking): the routes a script would hammer (infra/cloud/api.ts).
   */
  throttle?: 'strict';
  /** What an answer of this route counts among the business metrics: a 2xx as `succeeded`, a 4xx as `failed`. */
  counts?: { succeeded?: BusinessMetric; failed?: BusinessMetric };
  summary: string;
}

export const publicAccess: PublicAccess = { kind: 'public' };
export const signedIn: SignedInAccess = { kind: 'signedIn' };
export function permission(
  areas: PermissionArea | PermissionArea[],
  actions: string | string[],
  options: { tenantScoped?: boolean } = {},
): PermissionAccess {
  return {
    kind: 'permission',
    areas: Array.isArray(areas) ? areas : [areas],
    actions: Array.isArray(actions) ? actions : [actions],
    ...(options.tenantScoped ? { tenantScoped: true } : {}),
  };
}

/**
 * Declares a route, keeping its exact type (literal id, path, resource and access kind, its schemas):
 * the server's operations and the SPA's client derive their input and output types from it.
 */
export function route<const Def extends RouteDef>(def: Def): Def {
  return def;
}

/** `{ id: string; noteId: string }` for `/a/{id}/b/{noteId}`. */
export type PathParams<Path extends string> = { [Name in PathParamName<Path>]: string };
type PathParamName<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never;

/** The validated query an operation receives (an empty object for a route without a query schema). */
export type RouteQuery<R extends RouteDef> = R extends { query: infer Q extends z.core.$ZodType }
  ? z.output<Q>
  : Record<string, never>;
/** The validated body an operation receives (undefined for a route without a body schema). */
export type RouteBody<R extends RouteDef> = R extends { body: infer B extends z.core.$ZodType }
  ? z.output<B>
  : undefined;
/** What a caller sends as the query and body: the schemas' input (before defaults and coercion). */
export type RouteQueryInput<R extends RouteDef> = R extends { query: infer Q extends z.core.$ZodType }
  ? z.input<Q>
  : Record<string, never>;
export type RouteBodyInput<R extends RouteDef> = R extends { body: infer B extends z.core.$ZodType }
  ? z.input<B>
  : undefined;
/** The JSON a route answers with on success, as its response schema declares it. */
export type RouteResponse<R extends RouteDef> = R extends { response: infer S extends z.core.$ZodType }
  ? z.input<S>
  : unknown;
/** A public route may be called signed out; every other route has a caller. */
export type RouteIsPublic<R extends RouteDef> = R['access'] extends PublicAccess ? true : false;

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
