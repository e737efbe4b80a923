import { createHmac, timingSafeEqual } from 'node:crypto';
import { UnauthorizedError } from '../../shared/http/errors';
import { config } from './config';
import { secretSetting } from './secrets';
import { ttlCache } from './ttl-cache';

const ISSUER = 'learning-platform';

export interface TokenClaims {
  /** The user id. */
  sub: string;
  /** The tenant key: a token is only valid for the tenant that issued it. */
  tid: string;
  /** Set when an admin signed in as this user. */
  imp?: string;
  /** Set when a parent switched into this linked account: the account that switched (spec /manage-accounts). */
  sw?: string;
  iat: number;
  exp: number;
}

let secret: Promise<Uint8Array> | undefined;

/** Local: TOKEN_SECRET. Cloud: the SSM SecureString named by TOKEN_SECRET_PARAMETER. */
function signingKey(): Promise<Uint8Array> {
  secret ??= (async () => {
    const { TOKEN_SECRET, TOKEN_SECRET_PARAMETER } = config();
    const value = await secretSetting(TOKEN_SECRET, TOKEN_SECRET_PARAMETER, 'The token signing key');
    if (value.length < 32) throw new Error('The token signing key must be at least 32 characters');
    return new TextEncoder().encode(value);
  })();
  secret.catch(() => {
    secret = undefined;
  });
  return secret;
}

export function resetSigningKey(): void {
  secret = undefined;
  verified.clear();
}

/**
 * Tokens are JWTs signed with HMAC-SHA256 (HS256), made and checked here with node:crypto. jose, which did
 * it before, verifies through WebCrypto, whose first use loads more of Node's internals and hands the HMAC
 * to libuv's thread pool: its first verify took 5 ms of CPU and 28 ms of wall time, node:crypto's HMAC
 * 0.5 ms (median of 15 fresh processes, the SDK loaded, pinned to one busy core), and every cold start of a
 * signed-in request pays it. tokens.test.ts holds both ways to jose: tokens made here verify with jose, and
 * tokens jose signs (as the integration tests' expired and forged ones) verify here.
 */
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export async function issueToken(claims: { sub: string; tid: string; imp?: string; sw?: string }): Promise<{
  token: string;
  expiresIn: number;
}> {
  const expiresIn = config().TOKEN_TTL_SECONDS;
  const iat = Math.floor(Date.now() / 1000);
  const payload = base64url(
    JSON.stringify({
      tid: claims.tid,
      ...(claims.imp ? { imp: claims.imp } : {}),
      ...(claims.sw ? { sw: claims.sw } : {}),
      sub: claims.sub,
      iss: ISSUER,
      aud: claims.tid,
      iat,
      exp: iat + expiresIn,
    }),
  );
  const signed = `${HEADER}.${payload}`;
  return { token: `${signed}.${hmac(await signingKey(), signed).toString('base64url')}`, expiresIn };
}

/** Verifies signature, issuer, tenant (audience) and expiry; any failure is a 401 with a plain message. */
/**
 * Verified tokens are remembered for a minute per container: a token's signature and claims never change,
 * and its expiry is still checked on every use. This saves the HMAC on the hottest path.
 */
const verified = ttlCache<TokenClaims>(60_000, 10_000);

export async function verifyToken(token: string, tenant: string): Promise<TokenClaims> {
  const key = `${tenant} ${token}`;
  const claims = await verified.get(key, () => verifySignature(token, tenant));
  if (claims.exp * 1000 <= Date.now()) {
    verified.delete(key);
    throw new UnauthorizedError('Your session has expired. Please sign in again');
  }
  return claims;
}

async function verifySignature(token: string, tenant: string): Promise<TokenClaims> {
  const parts = token.split('.');
  const [header, payload, signature] = parts;
  if (parts.length !== 3 || !header || !payload || !signature || !parts.every(isBase64url)) {
    throw new UnauthorizedError('Invalid token');
  }
  const expected = hmac(await signingKey(), `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new UnauthorizedError('Invalid token');
  }
  const protectedHeader = decodeJson(header);
  // Only the algorithm this module signs with; a header naming extensions it must understand (`crit`) is
  // refused, as RFC 7515 asks of a verifier that knows none.
  if (protectedHeader?.alg !== 'HS256' || protectedHeader.crit !== undefined) {
    throw new UnauthorizedError('Invalid token');
  }
  const claims = decodeJson(payload);
  const now = Math.floor(Date.now() / 1000);
  if (
    !claims ||
    claims.iss !== ISSUER ||
    !(claims.aud === tenant || (Array.isArray(claims.aud) && claims.aud.includes(tenant))) ||
    typeof claims.sub !== 'string' ||
    typeof claims.iat !== 'number' ||
    typeof claims.exp !== 'number' ||
    (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now))
  ) {
    throw new UnauthorizedError('Invalid token');
  }
  if (claims.exp <= now) throw new UnauthorizedError('Your session has expired. Please sign in again');
  return {
    sub: claims.sub,
    tid: tenant,
    iat: claims.iat,
    exp: claims.exp,
    ...(typeof claims.imp === 'string' ? { imp: claims.imp } : {}),
    ...(typeof claims.sw === 'string' ? { sw: claims.sw } : {}),
  };
}

function hmac(key: Uint8Array, signed: string): Buffer {
  return createHmac('sha256', key).update(signed).digest();
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** Unpadded base64url, as JWTs are written: anything else is not a token of ours. */
function isBase64url(part: string): boolean {
  return /^[A-Za-z0-9_-]*$/.test(part);
}

/** A token part's JSON object, or undefined when it is not one. */
function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : undefined;
  } catch {
    return undefined;
  }
}
