import { createHash, randomBytes } from 'node:crypto';

/**
 * Record ids in the contract's `_id` style: 24 hex characters, time-ordered (12 hex of milliseconds then
 * 12 random), so a partition sorted by id is sorted by creation time without another index.
 */
export function newId(now = Date.now()): string {
  return now.toString(16).padStart(12, '0') + randomBytes(6).toString('hex');
}

/**
 * A record id derived from its cause (the form's request key with who sent it, a request's id and kind):
 * the same cause gives the same id, so a write conditional on the id being free happens once however often
 * it is retried. 24 hex characters, like `newId`.
 */
export function causeId(...cause: string[]): string {
  return createHash('sha256').update(cause.join('\u0000')).digest('hex').slice(0, 24);
}
