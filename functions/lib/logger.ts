import { Logger } from '@aws-lambda-powertools/logger';

/** Fields whose value is a credential whatever it looks like: never written. */
const SECRET_FIELDS = new Set([
  'authorization',
  'password',
  'passwordhash',
  'newpassword',
  'oldpassword',
  'token',
  'access_token',
  'refresh_token',
  'old_token',
  'auth_token',
  'client_secret',
  'secret',
  'cookie',
  'set-cookie',
]);
const EMAIL_ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** A JWT (ours are HS256: header.payload.signature, each base64url, the header always `eyJ`...). */
const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const BEARER = /\bBearer\s+\S+/gi;

/**
 * Personal data and credentials out of every log line, wherever they sit (a message, an error's text, a
 * nested field): e-mail addresses become `[email]`, tokens `[token]`, and a credential field's value
 * `[redacted]`. Ids stay: a correlation id or user id is how a log is followed, and names nobody.
 */
export function redactLogValue(key: string, value: unknown): unknown {
  if (value !== undefined && value !== null && SECRET_FIELDS.has(key.toLowerCase())) return '[redacted]';
  if (typeof value !== 'string') return value;
  return value.replace(BEARER, 'Bearer [token]').replace(JWT, '[token]').replace(EMAIL_ADDRESS, '[email]');
}

/**
 * One structured JSON logger for every function; the pipeline appends the correlation id per request.
 * POWERTOOLS_LOGGER_SAMPLE_RATE (set per stage by the CDK stack) logs that share of invocations at DEBUG.
 */
export const logger = new Logger({
  serviceName: 'learning-platform',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? (process.env.VITEST ? 'ERROR' : 'INFO'),
  jsonReplacerFn: redactLogValue,
});
