import useSWR, { mutate, preload, type SWRConfiguration } from 'swr';
import type { ApiRoute, RouteId } from '../../../shared/routes/catalogue';
import type {
  PathParams,
  RouteBodyInput,
  RouteDef,
  RouteQueryInput,
  RouteResponse,
} from '../../../shared/routes/define';
import { showsGlobalLoader } from '../config/global-loader';
import { BASE_PATH, paths } from '../config/paths';
import { runtimeConfig } from '../config/runtime-config';
import { type ApiCallOptions, buildRequest, type QueryValue } from './build-request';
import { errorToastMessage, serializedResponse } from './error-message';
import { trackRequest } from './pending-requests';
import { routeById } from './routes';
import { currentSession, endSession } from './session';
import { toastError } from './toaster';

export type { ApiCallOptions } from './build-request';

/** A failed call; `message` is the serialized server response (spec 000 section 8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fail(status: number, data: unknown, rawMessage: string, quiet = false): never {
  const sessionEnded = status === 401 && currentSession() !== null;
  if (!quiet && !sessionEnded) toastError(errorToastMessage(data, rawMessage));
  if (sessionEnded) {
    // A 401 clears the stored token and user (spec 000 section 4). Rather than the portal's base path, the
    // login page says why and comes back here afterwards; `replace`, so Back does not reopen a dead page.
    endSession();
    window.location.replace(expiredSessionLoginUrl(window.location));
  }
  throw new ApiError(status, data, serializedResponse(data, rawMessage));
}

/** The login page, saying the session expired, returning to `location` (a path of the portal) after. */
export function expiredSessionLoginUrl(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const redirect = `${location.pathname}${location.search}${location.hash}`;
  return `${BASE_PATH}${paths.login}?${new URLSearchParams({ expired: '1', redirect })}`;
}

async function send(url: string, init: RequestInit, quietStatuses: readonly number[] = []): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    return fail(0, undefined, error instanceof Error ? error.message : String(error));
  }
  const data = await readBody(response);
  if (!response.ok) {
    const message = `Request failed with status code ${response.status}`;
    return fail(response.status, data, message, quietStatuses.includes(response.status));
  }
  return data;
}

/*
 * A call's types come from its route's declaration (shared/routes/define.ts), found by id alone. Only types
 * are imported from the catalogue, so no schema reaches the bundle: the route table the client reads at run
 * time is `virtual:route-table`, without schemas.
 */

/** How a call is made, whatever its route: other credentials, failure statuses the caller shows itself. */
type CallControls = Pick<ApiCallOptions, 'auth' | 'quietStatuses'>;

/** `params` exactly when the path has `{name}` placeholders, with those names. */
type ParamsOption<Path extends string> = [keyof PathParams<Path>] extends [never]
  ? { params?: never }
  : { params: PathParams<Path> };

/**
 * What a query field takes: its schema's input, or any query value where the schema coerces whatever it
 * gets (`z.coerce.number()` takes `unknown`; a query string carries text, numbers and flags).
 */
type SentQuery<Query> = { [Name in keyof Query]: unknown extends Query[Name] ? QueryValue : Query[Name] };

/** `query` only for a route that declares one: its schema's input, required when one of its fields is. */
type QueryOption<R extends RouteDef> = R extends { query: unknown }
  ? Partial<RouteQueryInput<R>> extends RouteQueryInput<R>
    ? { query?: SentQuery<RouteQueryInput<R>> }
    : { query: SentQuery<RouteQueryInput<R>> }
  : { query?: never };

/** `body` only for a route that declares one: its schema's input, required unless the schema allows none. */
type BodyOption<R extends RouteDef> = R extends { body: unknown }
  ? undefined extends RouteBodyInput<R>
    ? { body?: RouteBodyInput<R> }
    : { body: RouteBodyInput<R> }
  : { body?: never };

/**
 * Each route's call types by id. A lookup in one mapped type rather than `RouteById<Id>` in every generic:
 * the compiler then works out a route's types when a call names it, not the whole catalogue's at each
 * generic use (which made the type check several times slower).
 */
type ClientRoutes = {
  [R in ApiRoute as R['id']]: {
    options: ParamsOption<R['path']> & QueryOption<R> & BodyOption<R> & CallControls;
    query: SentQuery<RouteQueryInput<R>>;
    body: RouteBodyInput<R>;
    answer: RouteResponse<R>;
  };
};

/** The options of a call of route Id: its path parameters, query and body as its declaration types them. */
export type ApiOptions<Id extends RouteId> = ClientRoutes[Id]['options'];

/** The options argument of a call of route Id: optional when none of its options is required. */
export type ApiOptionsArg<Id extends RouteId> =
  Partial<ApiOptions<Id>> extends ApiOptions<Id> ? [options?: ApiOptions<Id>] : [options: ApiOptions<Id>];

/** What route Id answers with on success: the input of its declared response schema. */
export type ApiAnswer<Id extends RouteId> = ClientRoutes[Id]['answer'];

/** The query a read of route Id sends, for helpers that take it from their callers. */
export type ApiQuery<Id extends RouteId> = ClientRoutes[Id]['query'];

/** The body a call of route Id sends, for forms that build it before the call. */
export type ApiBody<Id extends RouteId> = ClientRoutes[Id]['body'];

/**
 * The one HTTP client: calls a route declared in `shared/routes/catalogue.ts` by id, sends the bearer token
 * and user-id header, drives the global loader, toasts failures (message wins) and signs out on a 401.
 *
 * The answer is typed as the route's response schema declares it: the operation that serves the route is
 * compiled against the same declaration (functions/lib/pipeline.ts), and the client does not parse answers
 * (that would ship every schema to the browser). This signature is where that trust is written down.
 */
export function callApi<Id extends RouteId>(
  routeId: Id,
  ...options: ApiOptionsArg<Id>
): Promise<ApiAnswer<Id>>;
export function callApi(routeId: RouteId, options: ApiCallOptions = {}): Promise<unknown> {
  const route = routeById(routeId);
  const session = currentSession();
  const credentials = options.auth ?? { token: session?.token, userId: session?.user._id };
  const { url, init } = buildRequest(runtimeConfig().apiUrl, route, options, credentials);
  const request = send(url, init, options.quietStatuses);
  return showsGlobalLoader(route) ? trackRequest(request) : request;
}

/** SWR key of a read of route Id: its id and its call options. */
export type ApiKey<Id extends RouteId> = readonly [routeId: Id, ...options: ApiOptionsArg<Id>];

/** The key of a read, checked against its route (for keys kept in a variable or built by a function). */
export function apiKey<Id extends RouteId>(routeId: Id, ...options: ApiOptionsArg<Id>): ApiKey<Id> {
  return [routeId, ...options];
}

const fetchAnswer = <Id extends RouteId>([routeId, ...options]: ApiKey<Id>) => callApi(routeId, ...options);

/** A read through SWR; a null key skips the fetch (e.g. while signed out). */
export function useApi<Id extends RouteId>(key: ApiKey<Id> | null, config?: SWRConfiguration<ApiAnswer<Id>>) {
  // SWR's own key typing cannot follow a generic key; the fetcher's answer is the route's.
  return useSWR<ApiAnswer<Id>>(key, fetchAnswer<Id>, config);
}

/**
 * Starts a read before the component that shows it mounts (the first page's data, while its code is still
 * loading). `useApi` with the same key takes over the request; the answer also goes into SWR's cache, so a
 * component mounting after it arrived renders with the data at once. Resolves to undefined on failure (the
 * failure is toasted and reported to the hook as usual).
 */
export function preloadApi<Id extends RouteId>(key: ApiKey<Id>): Promise<ApiAnswer<Id> | undefined> {
  return preload(key, fetchAnswer<Id>).then(
    (data) => {
      void mutate(key, data, { revalidate: false });
      return data;
    },
    () => undefined,
  );
}
