import * as z from 'zod';

/**
 * Every setting a function reads, validated once at cold start. The CDK stack sets the cloud values; the
 * local stack sets the local ones (endpoints of DynamoDB Local and the local bus, the outbox directory).
 */
const configSchema = z.object({
  STAGE: z.enum(['production', 'test', 'local', 'alpha']).default('local'),
  TABLE_NAME: z.string().min(1).default('learning-platform'),
  AWS_REGION: z.string().default('ap-southeast-1'),
  /** Set only by the local stack: DynamoDB Local's URL. */
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  EVENT_BUS_NAME: z.string().default('learning-platform'),
  /** Set only by the local stack: the local bus's URL. */
  EVENTBRIDGE_ENDPOINT: z.string().url().optional(),
  /** Local: the token signing key itself. Cloud: the name of an SSM SecureString holding it. */
  TOKEN_SECRET: z.string().min(32).optional(),
  TOKEN_SECRET_PARAMETER: z.string().optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  MAIL_ADAPTER: z.enum(['ses', 'outbox']).default('outbox'),
  MAIL_FROM: z.string().default('no-reply@learning-platform.local'),
  /** Local: where the outbox adapter writes mails for the mailbox page. */
  OUTBOX_DIR: z.string().default('.data/outbox'),
  /** The file-storage port: S3 presigned uploads in the cloud; the local gateway's blob store locally. */
  FILE_STORAGE_ADAPTER: z.enum(['s3', 'local']).default('local'),
  /** Cloud: the uploads bucket, and the public base URL of its files (CloudFront's /uploads path). */
  UPLOADS_BUCKET: z.string().optional(),
  UPLOADS_PUBLIC_URL: z.string().url().optional(),
  /** Local: where the blob store keeps files, the gateway URL serving them and the key signing their URLs. */
  BLOB_DIR: z.string().default('.data/blobs'),
  BLOB_BASE_URL: z.string().url().optional(),
  BLOB_SIGNING_KEY: z.string().min(32).optional(),
  /** Cloud: the SPA's bucket, where sitemaps are written (sitemaps/<domain>/sitemap.xml). */
  SITE_BUCKET: z.string().optional(),
  /** Local: where sitemaps are written for the local web server (<dir>/<domain>/sitemap.xml). */
  SITEMAP_DIR: z.string().default('.data/sitemaps'),
  /** Cloud: the CloudFront KeyValueStore the edge function reads redirections from. */
  REDIRECTS_KVS_ARN: z.string().optional(),
  /**
   * The HTTP API's public URL, for links that open on the API itself (the calendar feed). The cloud stack
   * sets the API's endpoint, the local stack its gateway's URL.
   */
  API_URL: z.string().url().default('http://localhost:3000'),
  /** The SPA's origin: CORS and links in e-mails. */
  WEB_ORIGIN: z.string().url().default('http://localhost:5173'),
  /** Tenant used when the request's domain is not a known tenant domain (the default brand). */
  DEFAULT_TENANT_KEY: z.string().default('demo'),
  /** OAuth client-credentials clients: "id:secret" pairs, comma-separated. Cloud: OAUTH_CLIENTS_PARAMETER. */
  OAUTH_CLIENTS: z.string().optional(),
  OAUTH_CLIENTS_PARAMETER: z.string().optional(),
  /**
   * Cloud: where each tenant's Stripe settings live, an SSM SecureString `<prefix>/<tenant>/stripe` holding
   * {"secretKey": "sk_...", "webhookSecret": "whsec_..."}: a school's own Stripe account, never in code.
   */
  STRIPE_SETTINGS_PARAMETER_PREFIX: z.string().optional(),
  /**
   * Local: the fake Stripe's address (the real SDK is pointed at it), and the key both sides derive each
   * tenant's test keys from (functions/payments/local-stripe.ts).
   */
  STRIPE_API_URL: z.string().url().optional(),
  STRIPE_LOCAL_KEY: z.string().min(32).optional(),
  /**
   * The WebSocket API's management endpoint (`https://<api>.execute-api.<region>.amazonaws.com/<stage>`;
   * locally the gateway's `@connections` API), for posts to connections (functions/realtime/send.ts).
   */
  WS_MANAGEMENT_ENDPOINT: z.string().url().optional(),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']).default('INFO'),
  /**
   * How many records an admin list may read for what no index answers (a search, another sort) before its
   * answer says it is partial: a bound on one request's reads, the same for every list.
   */
  LIST_SCAN_LIMIT: z.coerce.number().int().min(10).max(20_000).default(2_000),
});
export type Config = z.infer<typeof configSchema>;

let cached: Config | undefined;
export function config(): Config {
  // Parsed once per container: without zod's eval fast path, which compiles a parser for the schema that
  // only pays off over many parses (1.3 ms instead of 2.5 ms of CPU at cold start).
  cached ??= configSchema.parse(process.env, { jitless: true });
  return cached;
}
/** Tests and the local stack change the environment between runs. */
export function resetConfig(): void {
  cached = undefined;
}
