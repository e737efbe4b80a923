import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { PermissionSet } from '../../shared/permissions/catalogue';
import type { PathParams, RouteBody, RouteDef, RouteIsPublic, RouteQuery } from '../../shared/routes/define';
import type { Role } from '../../shared/schemas/role';
import type { Tenant } from '../../shared/schemas/tenant';
import type { UserRecord } from '../repositories/users';

/** The signed-in caller, resolved from the bearer token and checked against the user-id header. */
export interface Caller {
  user: UserRecord;
  role: Role;
  permissions: PermissionSet;
  /** The admin's id when an admin is signed in as this user. */
  impersonatedBy?: string;
  /** With impersonatedBy: when the admin signed in as the user (seconds since the epoch). */
  impersonatedAt?: number;
  /** The parent's id when a parent switched into this linked account. */
  switchedBy?: string;
}

/** Who opened a session on someone else's behalf: carried from token to token as the session moves on. */
export type SessionOrigin = Pick<Caller, 'impersonatedBy' | 'impersonatedAt' | 'switchedBy'>;

/**
 * What the operation of route R receives, derived from its declaration: the validated query and body (the
 * output of its schemas), its path's parameters, and who is asking (always someone, unless the route is
 * public) for which tenant.
 */
export interface Request<R extends RouteDef = RouteDef> {
  tenant: Tenant;
  caller: RouteIsPublic<R> extends true ? Caller | undefined : Caller;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  params: PathParams<R['path']>;
  sourceIp: string;
  correlationId: string;
  event: APIGatewayProxyEventV2;
}

/** An operation may return a plain value (200 JSON) or choose its status with `respond`. */
export interface HttpResult<Body = unknown> {
  __http: true;
  statusCode: number;
  body: Body;
  headers?: Record<string, string>;
  /** The body is already text (not JSON). */
  raw?: true;
}

export function respond<Body>(
  statusCode: number,
  body: Body,
  headers?: Record<string, string>,
): HttpResult<Body> {
  return { __http: true, statusCode, body, ...(headers ? { headers } : {}) };
}

/** A non-JSON answer (an iCalendar feed): the body is sent as is with its content type. */
export function respondText(statusCode: number, text: string, contentType: string): HttpResult<string> {
  return { __http: true, statusCode, body: text, headers: { 'content-type': contentType }, raw: true };
}

export function isHttpResult(value: unknown): value is HttpResult {
  return typeof value === 'object' && value !== null && (value as HttpResult).__http === true;
}
