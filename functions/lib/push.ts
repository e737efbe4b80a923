import { createSign } from 'node:crypto';
import * as z from 'zod';
import { config } from './config';
import { logger } from './logger';
import { secretSetting } from './secrets';

/** One push notification to one device. */
export interface PushMessage {
  token: string;
  title: string;
  body: string;
  /** Where a click on it opens (an absolute URL of the SPA). */
  link?: string | undefined;
  data?: Record<string, string>;
}

/** What a device's push came to: `unregistered` means the token is dead and is removed. */
export type PushOutcome = 'sent' | 'unregistered';

/** The push port: Firebase Cloud Messaging in the cloud; locally a log line (and a list, for tests). */
export interface Pusher {
  send(message: PushMessage): Promise<PushOutcome>;
}

/** The HTTP calls the FCM adapter makes, as a port: `fetch` in production, a fake in tests. */
export type HttpTransport = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{ status: number; json(): Promise<unknown> }>;

export const fetchTransport: HttpTransport = async (url, init) => {
  const response = await fetch(url, init);
  return { status: response.status, json: () => response.json() };
};

/** The fields of a Firebase service account's key file that the adapter uses. */
export const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  token_uri: z.string().url().default('https://oauth2.googleapis.com/token'),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** Google's access tokens live an hour; one is asked for again a minute before it lapses. */
const TOKEN_LIFETIME_SECONDS = 3600;
const REFRESH_MARGIN_MS = 60_000;

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/**
 * The signed JWT of Google's OAuth 2.0 service-account flow (RFC 7523): RS256 over the header and claims,
 * with the service account's private key, asking for FCM's scope.
 */
export function serviceAccountAssertion(account: ServiceAccount, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      iss: account.client_email,
      scope: FCM_SCOPE,
      aud: account.token_uri,
      iat: nowSeconds,
      exp: nowSeconds + TOKEN_LIFETIME_SECONDS,
    }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
}

const tokenResponseSchema = z.object({ access_token: z.string(), expires_in: z.number().optional() });
/** FCM v1's error body: `error.details[].errorCode` says UNREGISTERED for a token that is gone. */
const fcmErrorSchema = z.object({
  error: z.object({
    status: z.string().optional(),
    message: z.string().optional(),
    details: z.array(z.object({ errorCode: z.string().optional() }).passthrough()).optional(),
  }),
});

/**
 * Firebase Cloud Messaging's HTTP v1 API: an access token from the service account (kept until a minute
 * before it lapses, and asked for again once if FCM answers 401), then one `messages:send` per device. A
 * token FCM no longer knows (404, or UNREGISTERED) is answered `unregistered`; any other failure throws.
 */
export function fcmPusher(
  account: ServiceAccount,
  transport: HttpTransport = fetchTransport,
  now: () => number = Date.now,
): Pusher {
  let access: { token: string; until: number } | undefined;

  async function accessToken(): Promise<string> {
    if (access && access.until > now()) return access.token;
    const assertion = serviceAccountAssertion(account, Math.floor(now() / 1000));
    const response = await transport(account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
    });
    if (response.status !== 200) throw new Error(`FCM: the OAuth token request answered ${response.status}`);
    const body = tokenResponseSchema.parse(await response.json());
    const lifetime = (body.expires_in ?? TOKEN_LIFETIME_SECONDS) * 1000;
    access = { token: body.access_token, until: now() + lifetime - REFRESH_MARGIN_MS };
    return access.token;
  }

  async function post(message: PushMessage, token: string) {
    return transport(`https://fcm.googleapis.com/v1/projects/${account.project_id}/messages:send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: {
          token: message.token,
          notification: { title: message.title, body: message.body },
          ...(message.data ? { data: message.data } : {}),
          ...(message.link ? { webpush: { fcm_options: { link: message.link } } } : {}),
        },
      }),
    });
  }

  return {
    async send(message) {
      let response = await post(message, await accessToken());
      if (response.status === 401) {
        access = undefined;
        response = await post(message, await accessToken());
      }
      if (response.status === 200) return 'sent';
      const failure = fcmErrorSchema.safeParse(await response.json().catch(() => undefined));
      const codes = failure.success ? (failure.data.error.details ?? []).map((d) => d.errorCode) : [];
      if (response.status === 404 || codes.includes('UNREGISTERED')) return 'unregistered';
      throw new Error(
        `FCM answered ${response.status}${failure.success ? `: ${failure.data.error.message ?? ''}` : ''}`,
      );
    },
  };
}

/** Locally: what would have been pushed, logged and kept (the tests read `sentPushes`). */
export const sentPushes: PushMessage[] = [];
export const localPusher: Pusher = {
  async send(message) {
    sentPushes.push(message);
    logger.info('Push (local adapter)', { title: message.title });
    return 'sent';
  },
};

const pushers = new Map<string, Promise<Pusher | undefined>>();

/**
 * The tenant's pusher: locally the local adapter; in the cloud FCM with the tenant's own service account
 * (an SSM SecureString `<FCM_SETTINGS_PARAMETER_PREFIX>/<tenant>/fcm` holding the key file's JSON), or none
 * when the tenant has not set one up (push is then skipped, the other channels still go).
 */
export function pusherFor(tenant: string): Promise<Pusher | undefined> {
  const { PUSH_ADAPTER, FCM_SETTINGS_PARAMETER_PREFIX } = config();
  if (PUSH_ADAPTER === 'local') return Promise.resolve(localPusher);
  let pending = pushers.get(tenant);
  if (!pending) {
    pending = secretSetting(
      undefined,
      `${FCM_SETTINGS_PARAMETER_PREFIX}/${tenant}/fcm`,
      'FCM service account',
    )
      .then((json) => fcmPusher(serviceAccountSchema.parse(JSON.parse(json))))
      .catch((error: unknown) => {
        logger.warn('No push for this tenant: its FCM service account is not set', {
          tenant,
          error: error instanceof Error ? error.message : String(error),
        });
        return undefined;
      });
    pushers.set(tenant, pending);
  }
  return pending;
}

export function resetPushers(): void {
  pushers.clear();
  sentPushes.length = 0;
}
