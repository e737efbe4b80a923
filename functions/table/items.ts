/** Key and bookkeeping attributes that live on items but never leave the repository layer. */
const internalAttributes = new Set([
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'entity',
  'expiresAt',
]);

/** An item's own attributes, for its entity's schema to parse (see entity.ts). */
export function withoutInternalAttributes(item: { [name: string]: unknown }): { [name: string]: unknown } {
  const record: { [name: string]: unknown } = {};
  for (const [name, value] of Object.entries(item)) {
    if (!internalAttributes.has(name)) record[name] = value;
  }
  return record;
}

export function isConditionalCheckFailure(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

/** Runs a conditional write: true when it was written, false when its condition refused it (else throws). */
export async function writtenIf(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** True when a cancelled transaction failed on a condition (not on throttling or a conflict). */
export function cancellationReasons(error: unknown): string[] {
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> } | undefined)
    ?.CancellationReasons;
  return reasons?.map((reason) => reason.Code ?? 'None') ?? [];
}
