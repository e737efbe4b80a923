import { randomBytes } from 'node:crypto';
import { ConflictError } from '../../shared/http/errors';
import { db, GetCommand, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { writeTransaction } from '../table/transactions';

/**
 * A personal iCalendar feed is reached by a secret token in its URL (calendar apps cannot send a bearer
 * token). The token is kept both ways: on the user (to show the URL again) and as its own item (to find
 * the user when a calendar app asks).
 */
export async function feedTokenOf(tenant: string, userId: string): Promise<string | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.calendarFeedOfUser(tenant, userId) }),
  );
  return Item?.token as string | undefined;
}

export async function createFeedToken(tenant: string, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await writeTransaction(
    [
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.calendarFeedOfUser(tenant, userId), entity: 'calendarFeedOfUser', token },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.calendarFeed(tenant, token), entity: 'calendarFeed', userId },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    () => new ConflictError('A calendar feed already exists for this account'),
  );
  return token;
}

export async function userOfFeedToken(tenant: string, token: string): Promise<string | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.calendarFeed(tenant, token) }),
  );
  return Item?.userId as string | undefined;
}
