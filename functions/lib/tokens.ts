import { decodeJwt, errors, jwtVerify, SignJWT } from 'jose';
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
  /**
   * With `imp`: when the admin signed in as the user (seconds), carried unchanged through switches, so the
   * way back to the admin's own session is held to the admin's password changes since that moment.
   */
  ima?: number;
  /** Set when a parent switched into this linked account: the account that switched (spec /manage-accounts). */
  sw?: string;
  /**
   * The user's role when the token was issued: only a hint, so the role is read beside the user instead of
   * after it. The user record's role is the one that counts (sessionOf).
   */
  rol?: string;
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

export async function issueToken(
  claims: Pick<TokenClaims, 'sub' | 'tid' | 'imp' | 'ima' | 'sw' | 'rol'>,
): Promise<{
  token: string;
  expiresIn: number;
}> {
  const expiresIn = config().TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    tid: claims.tid,
    ...(claims.imp ? { imp: claims.imp } : {}),
    ...(claims.imp && claims.ima !== undefined ? { ima: claims.ima } : {}),
    ...(claims.sw ? { sw: claims.sw } : {}),
    ...(claims.rol ? { rol: claims.rol } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(claims.tid)
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .sign(await signingKey());
  return { token, expiresIn };
}

/**
 * What a token says of its user and role before it is verified: only for reading them early, beside the
 * check (see sessionOf). Undefined for anything that is not a token of ours naming a plausible id.
 */
export function unverifiedClaims(token: string): Pick<TokenClaims, 'sub' | 'rol'> | undefined {
  try {
    const { sub, rol } = decodeJwt(token);
    const plausible = (id: unknown): id is string => typeof id === 'string' && /^[\w-]{1,64}$/.test(id);
    if (!plausible(sub)) return undefined;
    return plausible(rol) ? { sub, rol } : { sub };
  } catch {
    return undefined;
  }
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
  try {
    const { payload } = await jwtVerify(token, await signingKey(), {
      issuer: ISSUER,
      audience: tenant,
      algorithms: ['HS256'],
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.iat !== 'number' ||
      typeof payload.exp !== 'number'
    ) {
      throw new UnauthorizedError('Invalid token');
    }
    return {
      sub: payload.sub,
      tid: tenant,
      iat: payload.iat,
      exp: payload.exp,
      ...(typeof payload.imp === 'string' ? { imp: payload.imp } : {}),
      ...(typeof payload.imp === 'string' && typeof payload.ima === 'number' ? { ima: payload.ima } : {}),
      ...(typeof payload.sw === 'string' ? { sw: payload.sw } : {}),
      ...(typeof payload.rol === 'string' ? { rol: payload.rol } : {}),
    };
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    if (error instanceof errors.JWTExpired)
      throw new UnauthorizedError('Your session has expired. Please sign in again');
    throw new UnauthorizedError('Invalid token');
  }
}
