import { db, GetCommand, PutCommand, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { isConditionalCheckFailure } from '../table/items';

/** Where a tenant's run of a scheduled job got to (the end of the window it last finished). */
export async function getJobWatermark(tenant: string, job: string): Promise<string | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.jobWatermark(tenant, job) }),
  );
  return Item?.watermark as string | undefined;
}

/** Only ever moves forward: an older, slower run finishing late cannot move the watermark back. */
export async function setJobWatermark(tenant: string, job: string, watermark: string): Promise<void> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.jobWatermark(tenant, job), entity: 'jobWatermark', watermark },
        ConditionExpression: 'attribute_not_exists(pk) OR watermark < :watermark',
        ExpressionAttributeValues: { ':watermark': watermark },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
