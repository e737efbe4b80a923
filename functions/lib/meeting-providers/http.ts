import { AppError } from '../../../shared/http/errors';

/**
 * The HTTP the meeting adapters speak, behind one injectable function: production passes `fetchTransport`,
 * tests a fake that asserts each request (method, URL, headers, body) and answers as the provider would.
 */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
}
export interface HttpResponse {
  status: number;
  body: string;
}
export type HttpTransport = (request: HttpRequest) => Promise<HttpResponse>;

/** A provider call that waits longer than this is given up: the lesson's request must still answer. */
const PROVIDER_TIMEOUT_MS = 10_000;

export const fetchTransport: HttpTransport = async (request) => {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  return { status: response.status, body: await response.text() };
};

/**
 * The meeting provider failed or refused (a 5xx, a timeout, a 4xx for credentials or quota): a 502 whose
 * message says which provider and what was not done, so the client's toast tells the user. The provider's
 * own answer is logged by the caller, never sent to the client.
 */
export class MeetingProviderError extends AppError {
  constructor(
    message: string,
    readonly providerStatus?: number,
  ) {
    super(502, message);
  }
}

/**
 * Sends a request and answers its JSON body (undefined for an empty one). A status outside 2xx, or a
 * transport failure, is a MeetingProviderError naming `what` the call was for.
 */
export async function sendJson(
  transport: HttpTransport,
  request: HttpRequest,
  what: string,
  options: { allowStatuses?: number[] } = {},
): Promise<{ status: number; json: unknown }> {
  let response: HttpResponse;
  try {
    response = await transport(request);
  } catch (error) {
    throw new MeetingProviderError(`${what}: the provider could not be reached (${String(error)})`);
  }
  const ok =
    (response.status >= 200 && response.status < 300) || options.allowStatuses?.includes(response.status);
  if (!ok) {
    throw new MeetingProviderError(
      `${what}: the provider answered ${response.status}${providerMessage(response.body)}`,
      response.status,
    );
  }
  if (!response.body) return { status: response.status, json: undefined };
  try {
    return { status: response.status, json: JSON.parse(response.body) };
  } catch {
    throw new MeetingProviderError(`${what}: the provider's answer is not JSON`, response.status);
  }
}

/**
 * A provider's REST API behind a bearer token: `call(method, path, what, body?, allowStatuses?)` sends JSON
 * to `baseUrl + path` with the token `accessToken` gives (cached by the adapter's TokenCache).
 */
export function bearerJsonApi(transport: HttpTransport, baseUrl: string, accessToken: () => Promise<string>) {
  return async (
    method: HttpRequest['method'],
    path: string,
    what: string,
    body?: unknown,
    allowStatuses?: number[],
  ) => {
    const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return sendJson(
      transport,
      {
        method,
        url: `${baseUrl}${path}`,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      what,
      allowStatuses ? { allowStatuses } : {},
    );
  };
}

/** The provider's own reason, when its error body has one (Zoom's `message`, Graph's `error.message`). */
function providerMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return '';
    if ('message' in parsed && typeof parsed.message === 'string') return ` (${parsed.message})`;
    if ('error' in parsed) {
      const { error } = parsed;
      if (
        typeof error === 'object' &&
        error !== null &&
        'message' in error &&
        typeof error.message === 'string'
      )
        return ` (${error.message})`;
      if (typeof error === 'string') return ` (${error})`;
    }
  } catch {
    // Not JSON: the status alone says enough.
  }
  return '';
}

/**
 * A bearer token kept until shortly before it expires, fetched once however many calls ask at the same
 * time (the pending promise is shared). Providers' tokens last an hour; the margin covers clock skew and
 * a call's own duration.
 */
export class TokenCache {
  private readonly tokens = new Map<string, { token: Promise<string>; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(key: string, fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>): Promise<string> {
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.token;
    const entry = { token: Promise.resolve(''), expiresAt: Number.POSITIVE_INFINITY };
    entry.token = fetchToken().then(
      ({ token, expiresInSeconds }) => {
        entry.expiresAt = this.now() + Math.max(0, expiresInSeconds - TOKEN_MARGIN_SECONDS) * 1000;
        return token;
      },
      (error: unknown) => {
        this.tokens.delete(key);
        throw error;
      },
    );
    this.tokens.set(key, entry);
    return entry.token;
  }
}
const TOKEN_MARGIN_SECONDS = 60;
