import * as z from 'zod';
import { DeleteCommand, db, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { writtenIf } from '../table/items';

/** Stored by hash: a leaked table cannot be used to reset passwords. Expiry is checked, TTL only tidies. */
const passwordResets = defineEntity({
  name: 'passwordReset',
  schema: z.object({ tokenHash: z.string(), userId: z.string(), expiresAtMs: z.number() }),
  keyAttributes: ['tokenHash'],
  key: (tenant, reset) => keys.passwordReset(tenant, reset.tokenHash),
  expiresAt: (reset) => Math.ceil(reset.expiresAtMs / 1000),
});

export async function putPasswordReset(
  tenant: string,
  tokenHash: string,
  userId: string,
  expiresAtMs: number,
) {
  await passwordResets.put(tenant, { tokenHash, userId, expiresAtMs });
}

/**
 * Consumes the token: a conditional delete that succeeds once, for the user it was issued to, before it
 * expires. Two concurrent resets with one token give one success.
 */
export async function consumePasswordReset(
  tenant: string,
  tokenHash: string,
  userId: string,
): Promise<boolean> {
  return writtenIf(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: passwordResets.key(tenant, { tokenHash }),
        ConditionExpression: 'attribute_exists(pk) AND userId = :user AND expiresAtMs > :now',
        ExpressionAttributeValues: { ':user': userId, ':now': Date.now() },
      }),
    ),
  );
}
