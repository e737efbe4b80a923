import { createHmac } from 'node:crypto';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from './config';
import { issueToken, resetSigningKey, verifyToken } from './tokens';

const SECRET = 'a-unit-test-signing-key-of-at-least-32-characters';
const key = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);

/** A token as jose signs it; each case changes one thing of a valid one. */
function signed(
  claims: Record<string, unknown> = {},
  options: { header?: Record<string, unknown>; key?: Uint8Array; iat?: number; exp?: number } = {},
) {
  return new SignJWT({ tid: 'demo', ...claims })
    .setProtectedHeader({ alg: 'HS256', ...options.header })
    .setSubject('u1')
    .setIssuer('learning-platform')
    .setAudience('demo')
    .setIssuedAt(options.iat ?? now())
    .setExpirationTime(options.exp ?? now() + 3600)
    .sign(options.key ?? key);
}

/** A token signed with the right key over whatever header and claims are given (jose would refuse some). */
function handMade(header: Record<string, unknown>, claims: object) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part(header)}.${part(claims)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

const validClaims = () => ({ sub: 'u1', iss: 'learning-platform', aud: 'demo', iat: now(), exp: now() + 60 });

describe('tokens (HS256 JWTs, made and checked with jose)', () => {
  const saved = process.env.TOKEN_SECRET;
  beforeAll(() => {
    process.env.TOKEN_SECRET = SECRET;
    resetConfig();
    resetSigningKey();
  });
  afterAll(() => {
    process.env.TOKEN_SECRET = saved;
    resetConfig();
    resetSigningKey();
  });

  it('issues tokens with the claims the platform reads', async () => {
    const { token, expiresIn } = await issueToken({ sub: 'u1', tid: 'demo', imp: 'admin-1', sw: 'parent-1' });

    const { payload, protectedHeader } = await jwtVerify(token, key, {
      issuer: 'learning-platform',
      audience: 'demo',
      algorithms: ['HS256'],
    });

    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: 'u1', tid: 'demo', imp: 'admin-1', sw: 'parent-1' });
    expect(payload.exp! - payload.iat!).toBe(expiresIn);
    expect(await verifyToken(token, 'demo')).toEqual({
      sub: 'u1',
      tid: 'demo',
      imp: 'admin-1',
      sw: 'parent-1',
      iat: payload.iat,
      exp: payload.exp,
    });
  });

  it('verifies tokens jose signs', async () => {
    const token = await signed({ imp: 'admin-1' });

    expect(await verifyToken(token, 'demo')).toEqual({
      sub: 'u1',
      tid: 'demo',
      imp: 'admin-1',
      iat: decodeJwt(token).iat,
      exp: decodeJwt(token).exp,
    });
  });

  it('refuses an expired token as expired, and every other bad token as invalid', async () => {
    const expired = await signed({}, { iat: now() - 7200, exp: now() - 3600 });
    const valid = await signed();
    const [header, payload] = valid.split('.');
    const refused = {
      'another key': await signed({}, { key: new TextEncoder().encode('x'.repeat(40)) }),
      'a changed payload': `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(valid), sub: 'admin' })).toString('base64url')}.${valid.split('.')[2]}`,
      'no signature': `${header}.${payload}.`,
      'alg none': handMade({ alg: 'none' }, validClaims()),
      'alg HS512': handMade({ alg: 'HS512' }, validClaims()),
      'a crit header': handMade({ alg: 'HS256', crit: ['exp'] }, validClaims()),
      'another issuer': handMade({ alg: 'HS256' }, { ...validClaims(), iss: 'someone-else' }),
      'no subject': handMade({ alg: 'HS256' }, { ...validClaims(), sub: undefined }),
      'no expiry': handMade({ alg: 'HS256' }, { ...validClaims(), exp: undefined }),
      'not yet valid': handMade({ alg: 'HS256' }, { ...validClaims(), nbf: now() + 600 }),
      'a payload that is no object': handMade({ alg: 'HS256' }, ['u1']),
      'not a JWT': 'not-a-jwt',
      'four parts': `${valid}.x`,
      'not base64url': `${header}.${payload}.${'+'.repeat(43)}`,
    };

    await expect(verifyToken(expired, 'demo')).rejects.toThrow(
      'Your session has expired. Please sign in again',
    );
    for (const [name, token] of Object.entries(refused)) {
      await expect(verifyToken(token, 'demo'), name).rejects.toThrow('Invalid token');
    }
    // A token is good for the tenant that issued it (its audience) only.
    await expect(verifyToken(valid, 'northwind')).rejects.toThrow('Invalid token');
  });
});
