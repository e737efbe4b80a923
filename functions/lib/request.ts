import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { PermissionSet } from '../../shared/permissions/catalogue';
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
  /** The parent's id when a parent switched into this linked account. */
  switchedBy?: string;
}

/** Who opened a session on someone else's behalf: carried from token to token as the session moves on. */
export type SessionOrigin = Pick<Caller, 'impersonatedBy' | 'switchedBy'>;

/** What an operation receives: validated input plus who is asking and for which tenant. */
export interface Request<Q = unknown, B = unknown> {
  tenant: Tenant;
  caller: Caller | undefined;
  query: Q;
  body: B;
  params: Record<string, string>;
  sourceIp: string;
  correlationId: string;
  event: APIGatewayProxyEventV2;
}

export interface SignedInRequest<Q = unknown, B = unknown> extends Request<Q, B> {
  caller: Caller;
}

/** An operation may return a plain value (200 JSON) or choose its status with `respond`. */
export interface HttpResult {
  __http: true;
  statusCode: number;
  body: unknown;
  headers?: Record<string, string>;
  /** The body is already text (not JSON). */
  raw?: true;
}

export function respond(statusCode: number, body: unknown, headers?: Record<string, string>): HttpResult {
  return { __http: true, statusCode, body, ...(headers ? { headers } : {}) };
}

/** A non-JSON answer (an iCalendar feed): the body is sent as is with its content type. */
export function respondText(statusCode: number, text: string, contentType: string): HttpResult {
  return { __http: true, statusCode, body: text, headers: { 'content-type': contentType }, raw: true };
}

export function isHttpResult(value: unknown): value is HttpResult {
  return typeof value === 'object' && value !== null && (value as HttpResult).__http === true;
}
