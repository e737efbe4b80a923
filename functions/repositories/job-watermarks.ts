import * as z from 'zod';
import { db, PutCommand, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { isConditionalCheckFailure } from '../table/items';

/**
 * Where a tenant's run of a scheduled job got to (the end of the window it last finished). Watermarks
 * written before they kept `job` as an attribute are read by key.
 */
const jobWatermarks = defineEntity({
  name: 'jobWatermark',
  schema: z.object({ job: z.string(), watermark: z.string() }),
  keyAttributes: ['job'],
  key: (tenant, mark) => keys.jobWatermark(tenant, mark.job),
});

export async function getJobWatermark(tenant: string, job: string): Promise<string | undefined> {
  return (await jobWatermarks.get(tenant, { job }))?.watermark;
}

/** Only ever moves forward: an older, slower run finishing late cannot move the watermark back. */
export async function setJobWatermark(tenant: string, job: string, watermark: string): Promise<void> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: jobWatermarks.item(tenant, { job, watermark }),
        ConditionExpression: 'attribute_not_exists(pk) OR watermark < :watermark',
        ExpressionAttributeValues: { ':watermark': watermark },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
