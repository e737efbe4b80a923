import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { safeParse, type z } from 'zod/mini';
import {
  AppError,
  BadRequestError,
  ForbiddenError,
  OAuthError,
  PayloadTooLargeError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
} from '../../shared/http/errors';
import { accessAllows } from '../../shared/permissions/check';
import type { RouteById, RouteId } from '../../shared/routes/catalogue';
import type { Access, RouteDef, RouteResponse } from '../../shared/routes/define';
import type { Tenant } from '../../shared/schemas/tenant';
import { getTenant, getTenantKeyByDomain } from '../repositories/tenants';
import { getUser, type UserRecord } from '../repositories/users';
import { rolesRepository } from '../roles/repository';
import { config } from './config';
import { logger } from './logger';
import { recordRequest } from './metrics';
import { projectToSchema } from './project-response';
import { type Caller, type HttpResult, isHttpResult, type Request } from './request';
import { siteOrigin } from './site-origin';
import { type TokenClaims, unverifiedClaims, verifyToken } from './tokens';
import { ttlCache } from './ttl-cache';

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;
/** What serves route R: its typed request in, the JSON its response schema declares out (or an HttpResult of it). */
export type Operation<R extends RouteDef = RouteDef> = (
  request: Request<R>,
) => Promise<RouteResponse<R> | HttpResult<RouteResponse<R>>>;

/** One operation for each route of the union R, by id: a missing one, or a wrong answer, does not compile. */
export type Operations<R extends RouteDef> = { [Id in R['id']]: Operation<Extract<R, { id: Id }>> };

/** An operation with its route's types erased: what the pipeline calls once a route has matched. */
type ErasedOperation = (
  request: Omit<Request, 'caller' | 'query' | 'body' | 'params'> & {
    caller: Caller | undefined;
    query: unknown;
    body: unknown;
    params: Record<string, string>;
  },
) => Promise<unknown>;

/** The operation of one declared route, for operations written apart from their handler. */
export type OperationOf<Id extends RouteId> = Operation<RouteById<Id>>;

interface PipelineState {
  route: RouteDef;
  correlationId: string;
  startedAt: number;
  tenant?: Tenant;
  caller?: Caller;
  query?: unknown;
  body?: unknown;
}
type PipelineContext = Context & { pipeline: PipelineState };

const MAX_BODY_BYTES = 256 * 1024;

/**
 * The one request pipeline: correlation id and logs -> tenant -> bearer token and user-id header ->
 * access check -> zod validation -> operation -> JSON. Every resource's Lambda is this pipeline over its
 * own routes and operations.
 */
/** The route ids each resource's handler serves, as built (a test compares them with the catalogue). */
export const servedRouteIds = new Map<string, string[]>();

export function resourceHandler<const Resource extends string, const Declared extends readonly RouteDef[]>(
  resource: Resource,
  declared: Declared,
  operations: Operations<Extract<Declared[number], { resource: Resource }>>,
) {
  // `declared` is the route group(s) holding this resource's routes: importing only those keeps the
  // schemas of the rest of the API out of this Lambda's cold start.
  const resourceRoutes = declared.filter((r) => r.resource === resource);
  // The types end here: the request is built at run time from whichever route matched, and each
  // operation's input is what that route's schemas gave.
  const operationById = operations as unknown as Record<string, ErasedOperation>;
  for (const r of resourceRoutes) {
    if (!operationById[r.id]) throw new Error(`Route ${r.id} has no operation in functions/${resource}`);
  }
  const byRouteKey = new Map(resourceRoutes.map((r) => [`${r.method} ${r.path}`, r]));
  servedRouteIds.set(
    resource,
    resourceRoutes.map((r) => r.id),
  );

  return middy<Event, Result, Error, PipelineContext>()
    .before((request) => {
      const { event, context } = request;
      const route = byRouteKey.get(event.routeKey);
      const correlationId =
        header(event, 'x-correlation-id')?.slice(0, 100) || event.requestContext.requestId;
      logger.appendKeys({ correlationId, routeKey: event.routeKey });
      if (!route) throw new AppError(404, 'Not Found');
      context.pipeline = { route, correlationId, startedAt: Date.now() };
    })
    .use(responseMiddleware(resource))
    .before(async ({ event, context }) => {
      // The tenant and the caller's user record are read together: both need only the tenant's key.
      const { route } = context.pipeline;
      const named = route.tenantParam ? event.pathParameters?.[route.tenantParam] : undefined;
      const tenantKey = named ? { key: named, explicit: true } : await resolveTenantKey(event.headers ?? {});
      const [tenant, caller] = await Promise.allSettled([
        loadTenant(tenantKey),
        route.access.kind === 'public' ? undefined : authenticate(event, tenantKey.key),
      ]);
      // An unknown tenant is the answer even when the token is bad too.
      if (tenant.status === 'rejected') throw tenant.reason;
      if (caller.status === 'rejected') throw caller.reason;
      context.pipeline.tenant = tenant.value;
      context.pipeline.caller = caller.value;
    })
    .before(({ context }) => {
      authorize(context.pipeline.route.access, context.pipeline.tenant!, context.pipeline.caller);
    })
    .before(({ event, context }) => {
      const { route } = context.pipeline;
      context.pipeline.query = route.query ? parse(route.query, event.queryStringParameters ?? {}) : {};
      context.pipeline.body = route.body ? parse(route.body, readBody(event, route)) : undefined;
    })
    .handler(async (event, context) => {
      const { route, tenant, caller, query, body, correlationId } = context.pipeline;
      const output = await operationById[route.id]!({
        tenant: tenant!,
        caller,
        query,
        body,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        sourceIp: event.requestContext.http.sourceIp,
        correlationId,
        event,
      });
      if (isHttpResult(output)) {
        return {
          statusCode: output.statusCode,
          headers: output.headers,
          body: output.raw ? String(output.body) : JSON.stringify(asDeclared(route, output.body)),
        };
      }
      return { statusCode: 200, body: JSON.stringify(asDeclared(route, output ?? {})) };
    });
}

/** Only what the route's response schema declares leaves the server (see projectToSchema). */
function asDeclared(route: RouteDef, body: unknown): unknown {
  return route.response ? projectToSchema(route.response, body) : body;
}

/**
 * Adds JSON, CORS and correlation headers to every answer, maps errors to the client's contract, and logs
 * and counts each answer as `resource`'s.
 */
function responseMiddleware(resource: string): middy.MiddlewareObj<Event, Result, Error, PipelineContext> {
  const finish = (request: middy.Request<Event, Result, Error, PipelineContext>) => {
    const { event, context } = request;
    const state = context.pipeline as PipelineState | undefined;
    const response = request.response ?? { statusCode: 204 };
    response.headers = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...corsHeaders(event, state?.tenant),
      ...(state ? { 'x-correlation-id': state.correlationId } : {}),
      ...response.headers,
    };
    request.response = response;
    const durationMs = state ? Date.now() - state.startedAt : undefined;
    logger.info('request', {
      method: event.requestContext.http.method,
      path: event.rawPath,
      status: response.statusCode,
      durationMs,
      tenant: state?.tenant?.key,
      userId: state?.caller?.user._id,
    });
    logger.resetKeys();
    // A route key this function does not serve is counted under one name, not under whatever was asked.
    recordRequest({
      route: state?.route.id ?? 'unmatched',
      resource,
      status: response.statusCode ?? 200,
      durationMs: durationMs ?? 0,
      counts: state?.route.counts,
    });
  };
  return {
    after: finish,
    onError: (request) => {
      const state = request.context.pipeline as PipelineState | undefined;
      request.response = errorResponse(request.error, state);
      finish(request);
    },
  };
}

function errorResponse(error: unknown, state: PipelineState | undefined): Result {
  if (error instanceof AppError) {
    if (state?.route.oauthErrors && !(error instanceof OAuthError)) {
      const code = (
        { 400: 'invalid_request', 401: 'invalid_client', 429: 'slow_down' } as Record<number, string>
      )[error.statusCode];
      return {
        statusCode: error.statusCode,
        body: JSON.stringify({ error: code ?? 'invalid_request', error_description: error.message }),
      };
    }
    return { statusCode: error.statusCode, body: JSON.stringify(error.toJSON()) };
  }
  logger.error('Unexpected error', { error: error as Error });
  const reference = state?.correlationId ? ` (reference ${state.correlationId})` : '';
  const body = state?.route.oauthErrors
    ? { error: 'server_error', error_description: `Something went wrong${reference}` }
    : { message: `Something went wrong on our side. Please try again${reference}.` };
  return { statusCode: 500, body: JSON.stringify(body) };
}

function header(event: Event, name: string): string | undefined {
  return event.headers?.[name];
}

/**
 * Allows the SPA's configured origin and the tenant's own site (white-label sites call the same API), each
 * exactly: scheme, host and port (siteOrigin: https on the tenant's domain in the cloud).
 */
function corsHeaders(event: Event, tenant: Tenant | undefined): Record<string, string> {
  const origin = header(event, 'origin');
  if (!origin || !isAllowedOrigin(origin, tenant)) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'x-correlation-id',
    vary: 'Origin',
  };
}

/** A page of this origin may call the API for the tenant (CORS), and open its WebSocket. */
export function isAllowedOrigin(origin: string, tenant: Tenant | undefined): boolean {
  return origin === config().WEB_ORIGIN || (tenant !== undefined && origin === siteOrigin(tenant.domain));
}

/** The host of an Origin header; `new URL` throws on bad input, so call it only when there is one. */
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Tenants change rarely; a minute of staleness in a warm container is fine. */
const tenantCache = ttlCache<Tenant>(60_000);
const tenantKeyByDomain = ttlCache<string | undefined>(60_000);

/**
 * The signed-in user's record, for five seconds per container: the same trade-off as API Gateway's
 * authorizer cache. A password change or a deletion reaches other warm containers within five seconds
 * (this container forgets at once, see forgetCachedUser).
 */
const userCache = ttlCache<UserRecord | undefined>(5_000);

export function forgetCachedUser(tenant: string, userId: string): void {
  userCache.delete(`${tenant}#${userId}`);
}

/**
 * The tenant comes from the `x-tenant-key` header when given (the local stack and tests set it), else from
 * the domain of the calling site (Origin), else it is the default brand. A token only works for the tenant
 * that issued it, so choosing a tenant by header grants nothing.
 */
interface TenantKey {
  key: string;
  /** Named by the request's header (so a 404 may name it back), not found from the domain or defaulted. */
  explicit: boolean;
}

/** The headers that choose the tenant, lower case. */
type TenantHeaders = Partial<Record<'x-tenant-key' | 'origin', string>>;

async function resolveTenantKey(headers: TenantHeaders): Promise<TenantKey> {
  const explicitKey = headers['x-tenant-key']?.trim();
  if (explicitKey) return { key: explicitKey, explicit: true };
  const origin = headers.origin;
  const domain = origin ? hostOf(origin) : undefined;
  const byDomain = domain
    ? await tenantKeyByDomain.get(domain, () => getTenantKeyByDomain(domain))
    : undefined;
  return { key: byDomain ?? config().DEFAULT_TENANT_KEY, explicit: false };
}

async function loadTenant({ key, explicit }: TenantKey): Promise<Tenant> {
  return tenantCache.get(key, async () => {
    const found = await getTenant(key);
    if (!found) throw new AppError(404, explicit ? `Unknown tenant ${key}` : 'Unknown tenant');
    return found;
  });
}

/** The tenant a request with these headers is for (a 404 when there is none). */
export async function tenantOf(headers: TenantHeaders): Promise<Tenant> {
  return loadTenant(await resolveTenantKey(headers));
}

/** After a change to a tenant's record: this container reads it again (others within the cache's minute). */
export function forgetCachedTenant(key: string): void {
  tenantCache.delete(key);
}

export function clearPipelineCaches(): void {
  tenantCache.clear();
  tenantKeyByDomain.clear();
  userCache.clear();
}

async function authenticate(event: Event, tenantKey: string): Promise<Caller> {
  const authorization = header(event, 'authorization');
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw new UnauthorizedError('Please sign in to continue');
  const caller = await sessionOf(tenantKey, match[1]);
  const userIdHeader = header(event, 'x-user-id');
  if (userIdHeader && userIdHeader !== caller.user._id)
    throw new UnauthorizedError('The user id does not match the token');
  return caller;
}

/**
 * The session a token stands for, with every check a token must pass wherever it is presented (a request's
 * bearer token, and each path that mints a new token from an old one): signed by us for this tenant and
 * unexpired, its user still there, issued after the user's last password change, and the user's role there.
 */
export async function sessionOf(tenantKey: string, token: string): Promise<Caller> {
  // The user and role a token names are read while its signature is checked, so they go with the tenant's
  // read in one call (functions/table/coalesced-get.ts). Nothing read is used unless the token verifies.
  const named = unverifiedClaims(token);
  const early = named ? readSession(tenantKey, named) : undefined;
  early?.catch(() => undefined);
  const claims = await verifyToken(token, tenantKey);
  // The role the token was issued with is read beside the user; it is used only if it is still their role.
  const [user, roleAtIssue] =
    early && named?.sub === claims.sub && named.rol === claims.rol
      ? await early
      : await readSession(tenantKey, claims);
  if (!user || user.deletedAt) throw new UnauthorizedError('This account no longer exists');
  // A password change ends every session issued before it.
  if (claims.iat * 1000 < Date.parse(user.passwordChangedAt) - 1000) {
    throw new UnauthorizedError('Your session has expired. Please sign in again');
  }
  const role =
    roleAtIssue && roleAtIssue._id === user.roleId
      ? roleAtIssue
      : await rolesRepository.getCached(tenantKey, user.roleId);
  if (!role) throw new UnauthorizedError('Your account has no role. Please contact support');
  return {
    user,
    role,
    permissions: role.permissions,
    ...(claims.imp ? { impersonatedBy: claims.imp } : {}),
    ...(claims.imp && claims.ima !== undefined ? { impersonatedAt: claims.ima } : {}),
    ...(claims.sw ? { switchedBy: claims.sw } : {}),
  };
}

function readSession(tenantKey: string, claims: Pick<TokenClaims, 'sub' | 'rol'>) {
  return Promise.all([
    userCache.get(`${tenantKey}#${claims.sub}`, () => getUser(tenantKey, claims.sub)),
    claims.rol ? rolesRepository.getCached(tenantKey, claims.rol) : undefined,
  ]);
}

/** Holds a caller to a route's access rule (a 403 when their role or the tenant lacks the permission). */
export function authorize(access: Access, tenant: Tenant, caller: Caller | undefined): void {
  // A route that is not public has its caller by now: authentication answered 401 without one.
  if (!accessAllows(access, caller, tenant.permissions)) throw new ForbiddenError();
}

function readBody(event: Event, route: RouteDef): unknown {
  if (!event.body) return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw new PayloadTooLargeError();
  const contentType = (header(event, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (route.bodyEncoding === 'raw') return raw;
  if (route.bodyEncoding === 'form') {
    if (contentType && contentType !== 'application/x-www-form-urlencoded') {
      throw new UnsupportedMediaTypeError('Use application/x-www-form-urlencoded');
    }
    return Object.fromEntries(new URLSearchParams(raw));
  }
  if (contentType && contentType !== 'application/json' && !contentType.endsWith('+json')) {
    throw new UnsupportedMediaTypeError('Use application/json');
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestError('Malformed JSON body');
  }
}

/** Runs a route schema; failures are a 400 naming each failing field. */
function parse(schema: z.core.$ZodType, input: unknown): unknown {
  const result = safeParse(schema, input);
  if (result.success) return result.data;
  throw badInput(result.error);
}

/** A 400 naming each failing field of a schema's parse (HTTP routes and WebSocket frames alike). */
export function badInput(error: z.core.$ZodError): BadRequestError {
  const errors = error.issues.map((issue) => ({
    field: issue.path.join('.') || undefined,
    message:
      issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}` : issue.message,
  }));
  const message = errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ');
  return new BadRequestError(message, { errors });
}
