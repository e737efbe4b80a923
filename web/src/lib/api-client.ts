import useSWR, { mutate, preload, type SWRConfiguration } from 'swr';
import { showsGlobalLoader } from '../config/global-loader';
import { BASE_PATH } from '../config/paths';
import { runtimeConfig } from '../config/runtime-config';
import { type ApiCallOptions, buildRequest } from './build-request';
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
  if (!quiet) toastError(errorToastMessage(data, rawMessage));
  if (status === 401 && currentSession()) {
    // Spec 000 section 4: a 401 clears the stored token and user and goes to the portal base path.
    endSession();
    window.location.assign(`${BASE_PATH}/`);
  }
  throw new ApiError(status, data, serializedResponse(data, rawMessage));
}

async function send<T>(url: string, init: RequestInit, quietStatuses: readonly number[] = []): Promise<T> {
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
  return data as T;
}

/**
 * The one HTTP client: calls a route declared in `shared/routes/catalogue.ts` by id, sends the bearer token
 * and user-id header, drives the global loader, toasts failures (message wins) and signs out on a 401.
 */
export function callApi<T>(routeId: string, options: ApiCallOptions = {}): Promise<T> {
  const route = routeById(routeId);
  const session = currentSession();
  const credentials = options.auth ?? { token: session?.token, userId: session?.user._id };
  const { url, init } = buildRequest(runtimeConfig().apiUrl, route, options, credentials);
  const request = send<T>(url, init, options.quietStatuses);
  return showsGlobalLoader(route) ? trackRequest(request) : request;
}

/** The query values of a call. */
export type ApiQuery = NonNullable<ApiCallOptions['query']>;

/** SWR key of a read: the route id and its call options; null skips the fetch (e.g. while signed out). */
export type ApiKey = readonly [routeId: string, options?: ApiCallOptions] | null;

const fetchKey = <T>([routeId, options]: readonly [string, ApiCallOptions | undefined]) =>
  callApi<T>(routeId, options);

export function useApi<T>(key: ApiKey, config?: SWRConfiguration<T>) {
  return useSWR<T>(key, fetchKey<T>, config);
}

/**
 * Starts a read before the component that shows it mounts (the first page's data, while its code is still
 * loading). `useApi` with the same key takes over the request; the answer also goes into SWR's cache, so a
 * component mounting after it arrived renders with the data at once. Resolves to undefined on failure (the
 * failure is toasted and reported to the hook as usual).
 */
export function preloadApi<T>(key: NonNullable<ApiKey>): Promise<T | undefined> {
  return preload(key, fetchKey<T>).then(
    (data) => {
      void mutate(key, data, { revalidate: false });
      return data;
    },
    () => undefined,
  );
}
