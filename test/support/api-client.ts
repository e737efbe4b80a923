import * as z from 'zod';
import { routeById } from '../../shared/routes/catalogue';
import { fillPath, type RouteDef } from '../../shared/routes/define';
import { deepStrict } from '../../shared/schemas/deep-strict';

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** A raw body sent as is (malformed JSON, oversized payloads). */
  rawBody?: string;
  token?: string;
  userId?: string;
  tenant?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls a declared route through the local HTTP gateway, the way the SPA does. */
export function apiClient(apiUrl: string, defaults: { tenant?: string } = {}) {
  async function call<T = Record<string, unknown>>(
    routeId: string,
    options: CallOptions = {},
  ): Promise<CallResult<T>> {
    const route = routeById(routeId);
    const url = new URL(apiUrl + fillPath(route.path, options.params ?? {}));
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { 'x-tenant-key': options.tenant ?? defaults.tenant ?? 'demo' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.userId) headers['x-user-id'] = options.userId;
    let body: string | undefined = options.rawBody;
    const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
    if (!sendsBody) body = undefined;
    else if (body === undefined && options.body !== undefined) {
      if (route.bodyEncoding === 'form') {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(options.body as Record<string, string>).toString();
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
    } else if (body !== undefined && !options.headers?.['content-type']) {
      headers['content-type'] =
        route.bodyEncoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    }
    const response = await fetch(url, {
      method: route.method,
      headers: { ...headers, ...options.headers },
      body,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // Left as text: the test asserting on it will say what came back.
    }
    if (response.ok) checkResponse(route, response.headers, parsed);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  async function signIn(email: string, password: string, tenant?: string) {
    const result = await call<{ access_token: string; oauthUser: { _id: string } }>('auth.token', {
      tenant,
      body: { grant_type: 'password', username: email, password },
    });
    if (result.status !== 200) throw new Error(`Sign-in as ${email} failed: ${JSON.stringify(result.body)}`);
    return { token: result.body.access_token, userId: result.body.oauthUser._id };
  }

  return { call, signIn };
}

/**
 * Issue #15 item 2: a successful JSON answer must be exactly what its route's response schema declares, at
 * every depth, so a field that should not leave the server (a password hash, a key attribute, another
 * tenant's id, another user's address) fails the test that received it. Error answers keep their own checks.
 */
function checkResponse(route: RouteDef, headers: Headers, body: unknown): void {
  if (!route.response || !headers.get('content-type')?.includes('json')) return;
  const result = z.safeParse(deepStrict(route.response), body);
  if (result.success) return;
  throw new Error(
    `The answer of ${route.id} does not match its response schema:\n${describeIssues(result.error.issues).join('\n')}`,
  );
}

/** One line per issue, `path: message`; a union none of whose members matched lists each member's. */
function describeIssues(issues: z.core.$ZodIssue[], prefix: PropertyKey[] = []): string[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      return issue.errors.flatMap((member, index) =>
        describeIssues(member, path).map((line) => `${line} (union member ${index + 1})`),
      );
    }
    const keys = issue.code === 'unrecognized_keys' ? ` (${issue.keys.join(', ')})` : '';
    return [`  ${path.map(String).join('.') || '(the answer)'}: ${issue.message}${keys}`];
  });
}

export const demo = {
  admin: { email: 'admin@demo.test', password: 'Demo-admin-1' },
  tutor: { email: 'tutor1@demo.test', password: 'Demo-tutor-1' },
  tutor2: { email: 'tutor2@demo.test', password: 'Demo-tutor-2' },
  student: { email: 'student1@demo.test', password: 'Demo-student-1' },
  student2: { email: 'student2@demo.test', password: 'Demo-student-2' },
  student3: { email: 'student3@demo.test', password: 'Demo-student-3' },
  parent: { email: 'parent@demo.test', password: 'Demo-parent-1' },
};
export const northwind = {
  admin: { email: 'admin@northwind.test', password: 'Northwind-admin-1' },
  student: { email: 'student@northwind.test', password: 'Northwind-student-1' },
};
