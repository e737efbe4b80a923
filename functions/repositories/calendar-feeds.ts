import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { ConflictError } from '../../shared/http/errors';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { writeTransaction } from '../table/transactions';

/**
 * A personal iCalendar feed is reached by a secret token in its URL (calendar apps cannot send a bearer
 * token). The token is kept both ways: on the user (to show the URL again) and as its own item (to find
 * the user when a calendar app asks). Both items are written together, and hold the same two attributes;
 * those written before they kept their key's attribute are read by key.
 */
const feedSchema = z.object({ userId: z.string(), token: z.string() });

const feedsOfUsers = defineEntity({
  name: 'calendarFeedOfUser',
  schema: feedSchema,
  keyAttributes: ['userId'],
  key: (tenant, feed) => keys.calendarFeedOfUser(tenant, feed.userId),
});

const feedsByToken = defineEntity({
  name: 'calendarFeed',
  schema: feedSchema,
  keyAttributes: ['token'],
  key: (tenant, feed) => keys.calendarFeed(tenant, feed.token),
});

export async function feedTokenOf(tenant: string, userId: string): Promise<string | undefined> {
  return (await feedsOfUsers.get(tenant, { userId }))?.token;
}

export async function createFeedToken(tenant: string, userId: string): Promise<string> {
  const feed = { userId, token: randomBytes(24).toString('base64url') };
  await writeTransaction(
    [feedsOfUsers.putWrite(tenant, feed, 'absent'), feedsByToken.putWrite(tenant, feed, 'absent')],
    () => new ConflictError('A calendar feed already exists for this account'),
  );
  return feed.token;
}

export async function userOfFeedToken(tenant: string, token: string): Promise<string | undefined> {
  return (await feedsByToken.get(tenant, { token }))?.userId;
}
