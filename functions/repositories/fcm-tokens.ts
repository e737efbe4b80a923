import { createHash } from 'node:crypto';
import * as z from 'zod';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { writtenIf } from '../table/items';

/** A device's push token, under its user. */
const fcmTokens = defineEntity({
  name: 'fcmToken',
  schema: z.object({
    userId: z.string(),
    _id: z.string(),
    token: z.string(),
    device: z.string().optional(),
    createdAt: z.string(),
  }),
  keyAttributes: ['userId', '_id'],
  key: (tenant, token) => keys.fcmToken(tenant, token.userId, token._id),
});

/** The id is derived from the token, so registering the same device twice keeps one record. */
export function fcmTokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 24);
}

export async function putFcmToken(
  tenant: string,
  userId: string,
  token: string,
  device?: string,
): Promise<string> {
  const id = fcmTokenId(token);
  await fcmTokens.put(tenant, { userId, _id: id, token, device, createdAt: new Date().toISOString() });
  return id;
}

/** Deletes only the caller's own token; false when there is none with that id. */
export async function deleteFcmToken(tenant: string, userId: string, id: string): Promise<boolean> {
  return writtenIf(fcmTokens.remove(tenant, { userId, _id: id }, 'present'));
}

/** A user's devices' push tokens (their profile partition: one Query). */
export function fcmTokensOf(tenant: string, userId: string): Promise<Array<{ _id: string; token: string }>> {
  return fcmTokens.query({
    partition: keys.fcmToken(tenant, userId, '').pk,
    sortKey: { beginsWith: keys.fcmTokenPrefix },
  });
}
