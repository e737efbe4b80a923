import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { urlValidationAnswer, verifyZoomRequest, zoomSignature } from './zoom-webhook';

const secret = 'zoom-secret-token';
const body = '{"event":"meeting.participant_joined","event_ts":1764230400000,"payload":{}}';
const now = 1_764_230_400_000;
const timestamp = String(now / 1000);

describe("Zoom's webhook checks", () => {
  it('accepts the v0 HMAC of v0:{timestamp}:{body} sent within five minutes', () => {
    const signature = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
    expect(zoomSignature(secret, timestamp, body)).toBe(signature);
    expect(() => verifyZoomRequest(body, { signature, timestamp }, secret, now + 299_000)).not.toThrow();
  });

  it('refuses a signature of another body, another secret, or none', () => {
    const signature = zoomSignature(secret, timestamp, body);
    expect(() => verifyZoomRequest(`${body} `, { signature, timestamp }, secret, now)).toThrow(
      'does not match',
    );
    expect(() =>
      verifyZoomRequest(body, { signature: zoomSignature('other', timestamp, body), timestamp }, secret, now),
    ).toThrow('does not match');
    expect(() => verifyZoomRequest(body, { signature: undefined, timestamp }, secret, now)).toThrow(
      'missing',
    );
  });

  it('refuses a stale or future timestamp even when correctly signed', () => {
    const stale = String(now / 1000 - 301);
    expect(() =>
      verifyZoomRequest(
        body,
        { signature: zoomSignature(secret, stale, body), timestamp: stale },
        secret,
        now,
      ),
    ).toThrow('too old');
    const ahead = String(now / 1000 + 301);
    expect(() =>
      verifyZoomRequest(
        body,
        { signature: zoomSignature(secret, ahead, body), timestamp: ahead },
        secret,
        now,
      ),
    ).toThrow('too old');
  });

  it("answers URL validation with the plain token and its HMAC-SHA256 (hex), as Zoom's sample does", () => {
    expect(urlValidationAnswer('qgg8vlvZRS6UYooatFL8Aw', secret)).toEqual({
      plainToken: 'qgg8vlvZRS6UYooatFL8Aw',
      encryptedToken: createHmac('sha256', secret).update('qgg8vlvZRS6UYooatFL8Aw').digest('hex'),
    });
  });
});
