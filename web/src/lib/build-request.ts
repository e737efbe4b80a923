import { fillPath, type RouteDef } from '../../../shared/routes/define';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiCallOptions {
  /** Values for the `{name}` placeholders of the route's path. */
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Credentials other than the stored session's (e.g. the token just issued by a sign-in). */
  auth?: { token: string; userId?: string };
  /** Failure statuses the caller shows itself (a page's own not-found view): not toasted. */
  quietStatuses?: readonly number[];
}

/** The fetch request for a declared route: URL, method, headers and the encoded body. */
export function buildRequest(
  apiUrl: string,
  route: Pick<RouteDef, 'method' | 'path' | 'bodyEncoding'>,
  options: ApiCallOptions,
  credentials: { token?: string | undefined; userId?: string | undefined },
): { url: string; init: RequestInit & { headers: Record<string, string> } } {
  const url = new URL(apiUrl + fillPath(route.path, options.params ?? {}));
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }
  // Spec 000 section 1: every call carries the bearer token and the user-id header (once signed in).
  const headers: Record<string, string> = { accept: 'application/json' };
  if (credentials.token) headers.authorization = `Bearer ${credentials.token}`;
  if (credentials.userId) headers['x-user-id'] = credentials.userId;
  let body: string | undefined;
  if (options.body !== undefined) {
    if (route.bodyEncoding === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const fields = Object.entries(options.body as Record<string, QueryValue>).filter(
        (entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null,
      );
      body = new URLSearchParams(fields.map(([name, value]) => [name, String(value)])).toString();
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }
  return {
    url: url.toString(),
    init: { method: route.method, headers, ...(body === undefined ? {} : { body }) },
  };
}
