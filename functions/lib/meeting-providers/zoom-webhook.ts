import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { BadRequestError } from '../../../shared/http/errors';
import { zoomRecordingFileSchema } from './zoom';

/**
 * Zoom's webhook checks (https://developers.zoom.us/docs/api/webhooks/): every request is signed in
 * `x-zm-signature` as `v0=` + HMAC-SHA256, keyed by the app's secret token, of `v0:{x-zm-request-timestamp}:{body}`;
 * the endpoint's URL is validated by answering `endpoint.url_validation` with the plain token and its
 * HMAC. A request older (or newer) than five minutes is refused, against replays.
 */
export const ZOOM_SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

export function zoomSignature(secret: string, timestamp: string, rawBody: string): string {
  return `v0=${hmac(secret, `v0:${timestamp}:${rawBody}`)}`;
}

/** Refuses (400) a request whose signature is missing, wrong or stale; the message says which. */
export function verifyZoomRequest(
  rawBody: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  secret: string,
  now = Date.now(),
): void {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp) throw new BadRequestError('The Zoom signature headers are missing');
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(now / 1000 - seconds) > ZOOM_SIGNATURE_TOLERANCE_SECONDS) {
    throw new BadRequestError('The Zoom request is too old (or its timestamp is wrong)');
  }
  const expected = Buffer.from(zoomSignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new BadRequestError('The Zoom signature does not match this request');
  }
}

/** The answer to `endpoint.url_validation`: the plain token and its HMAC (hex) under the secret token. */
export function urlValidationAnswer(plainToken: string, secret: string) {
  return { plainToken, encryptedToken: hmac(secret, plainToken) };
}

/** What the platform reads of a Zoom event: its name and, for the events it acts on, their object. */
export const zoomEventSchema = z.object({
  event: z.string(),
  event_ts: z.number().optional(),
  payload: z
    .object({
      plainToken: z.string().optional(),
      object: z
        .object({
          id: z.union([z.string(), z.number()]).transform(String).optional(),
          uuid: z.string().optional(),
          participant: z
            .object({
              user_name: z.string().optional(),
              email: z.string().optional(),
              join_time: z.string().optional(),
              leave_time: z.string().optional(),
            })
            .optional(),
          recording_files: z.array(zoomRecordingFileSchema).optional(),
        })
        .optional(),
    })
    .default({}),
});
export type ZoomEvent = z.infer<typeof zoomEventSchema>;

/** The event in a raw body, or a 400 when it is not one. */
export function parseZoomEvent(rawBody: string): ZoomEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new BadRequestError('A Zoom event is JSON');
  }
  const parsed = zoomEventSchema.safeParse(json);
  if (!parsed.success) throw new BadRequestError('This is not a Zoom event');
  return parsed.data;
}
