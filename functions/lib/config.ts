import * as z from 'zod/mini';
import '../../shared/schemas/zod-english';

/**
 * Every setting a function reads, validated once at cold start. The CDK stack sets the cloud values; the
 * local stack sets the local ones (endpoints of DynamoDB Local and the local bus, the outbox directory).
 */
const configSchema = z.object({
  STAGE: z._default(z.enum(['production', 'test', 'local', 'alpha']), 'local'),
  TABLE_NAME: z._default(z.string().check(z.minLength(1)), 'learning-platform'),
  AWS_REGION: z._default(z.string(), 'ap-southeast-1'),
  /** Set only by the local stack: DynamoDB Local's URL. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  EVENT_BUS_NAME: z._default(z.string(), 'learning-platform'),
  /** Set only by the local stack: the local bus's URL. */
  EVENTBRIDGE_ENDPOINT: z.optional(z.url()),
  /** Local: the token signing key itself. Cloud: the name of an SSM SecureString holding it. */
  TOKEN_SECRET: z.optional(z.string().check(z.minLength(32))),
  TOKEN_SECRET_PARAMETER: z.optional(z.string()),
  TOKEN_TTL_SECONDS: z._default(z.coerce.number().check(z.int(), z.positive()), 7 * 24 * 3600),
  MAIL_ADAPTER: z._default(z.enum(['ses', 'outbox']), 'outbox'),
  MAIL_FROM: z._default(z.string(), 'no-reply@learning-platform.local'),
  /** Local: where the outbox adapter writes mails for the mailbox page. */
  OUTBOX_DIR: z._default(z.string(), '.data/outbox'),
  /** The file-storage port: S3 presigned uploads in the cloud; the local gateway's blob store locally. */
  FILE_STORAGE_ADAPTER: z._default(z.enum(['s3', 'local']), 'local'),
  /** Cloud: the uploads bucket, and the public base URL of its files (CloudFront's /uploads path). */
  UPLOADS_BUCKET: z.optional(z.string()),
  UPLOADS_PUBLIC_URL: z.optional(z.url()),
  /** Local: where the blob store keeps files, the gateway URL serving them and the key signing their URLs. */
  BLOB_DIR: z._default(z.string(), '.data/blobs'),
  BLOB_BASE_URL: z.optional(z.url()),
  BLOB_SIGNING_KEY: z.optional(z.string().check(z.minLength(32))),
  /** Cloud: the SPA's bucket, where sitemaps are written (sitemaps/<domain>/sitemap.xml). */
  SITE_BUCKET: z.optional(z.string()),
  /** Local: where sitemaps are written for the local web server (<dir>/<domain>/sitemap.xml). */
  SITEMAP_DIR: z._default(z.string(), '.data/sitemaps'),
  /** Cloud: the CloudFront KeyValueStore the edge function reads redirections from. */
  REDIRECTS_KVS_ARN: z.optional(z.string()),
  /**
   * The HTTP API's public URL, for links that open on the API itself (the calendar feed). The cloud stack
   * sets the API's endpoint, the local stack its gateway's URL.
   */
  API_URL: z._default(z.url(), 'http://localhost:3000'),
  /** The SPA's origin: CORS and links in e-mails. */
  WEB_ORIGIN: z._default(z.url(), 'http://localhost:5173'),
  /** Tenant used when the request's domain is not a known tenant domain (the default brand). */
  DEFAULT_TENANT_KEY: z._default(z.string(), 'demo'),
  /** OAuth client-credentials clients: "id:secret" pairs, comma-separated. Cloud: OAUTH_CLIENTS_PARAMETER. */
  OAUTH_CLIENTS: z.optional(z.string()),
  OAUTH_CLIENTS_PARAMETER: z.optional(z.string()),
  /**
   * Cloud: where each tenant's Stripe settings live, an SSM SecureString `<prefix>/<tenant>/stripe` holding
   * {"secretKey": "sk_...", "webhookSecret": "whsec_..."}: a school's own Stripe account, never in code.
   */
  STRIPE_SETTINGS_PARAMETER_PREFIX: z.optional(z.string()),
  /**
   * Local: the fake Stripe's address (the real SDK is pointed at it), and the key both sides derive each
   * tenant's test keys from (functions/payments/local-stripe.ts).
   */
  STRIPE_API_URL: z.optional(z.url()),
  STRIPE_LOCAL_KEY: z.optional(z.string().check(z.minLength(32))),
  /**
   * The meeting port (functions/lib/meetings.ts): `local` gives every lesson the local stack's meeting room;
   * `provider` creates ZOOM lessons' meetings at Zoom and TEAMS lessons' at Microsoft Teams, with each
   * school's credentials read from SSM: `<prefix>/<tenant>/zoom` and `<prefix>/<tenant>/teams`.
   */
  MEETINGS_ADAPTER: z._default(z.enum(['local', 'provider']), 'local'),
  MEETING_SETTINGS_PARAMETER_PREFIX: z.optional(z.string()),
  /**
   * The WebSocket API's management endpoint (`https://<api>.execute-api.<region>.amazonaws.com/<stage>`;
   * locally the gateway's `@connections` API), for posts to connections (functions/realtime/send.ts).
   */
  WS_MANAGEMENT_ENDPOINT: z.optional(z.url()),
  /**
   * The push port (functions/lib/push.ts): `fcm` in the cloud, with each tenant's Firebase service account
   * in an SSM SecureString `<FCM_SETTINGS_PARAMETER_PREFIX>/<tenant>/fcm`; `local` logs the push.
   */
  PUSH_ADAPTER: z._default(z.enum(['fcm', 'local']), 'local'),
  FCM_SETTINGS_PARAMETER_PREFIX: z.optional(z.string()),
  LOG_LEVEL: z._default(z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']), 'INFO'),
  /**
   * How many records an admin list may read for what no index answers (a search, another sort) before its
   * answer says it is partial: a bound on one request's reads, the same for every list.
   */
  LIST_SCAN_LIMIT: z._default(z.coerce.number().check(z.int(), z.gte(10), z.lte(20_000)), 2_000),
});
export type Config = z.infer<typeof configSchema>;

let cached: Config | undefined;
export function config(): Config {
  // Parsed once per container: without zod's eval fast path, which compiles a parser for the schema that
  // only pays off over many parses (1.3 ms instead of 2.5 ms of CPU at cold start).
  cached ??= z.parse(configSchema, process.env, { jitless: true });
  return cached;
}
/** Tests and the local stack change the environment between runs. */
export function resetConfig(): void {
  cached = undefined;
}
