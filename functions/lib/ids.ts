import { randomBytes } from 'node:crypto';

/**
 * Record ids in the contract's `_id` style: 24 hex characters, time-ordered (12 hex of milliseconds then
 * 12 random), so a partition sorted by id is sorted by creation time without another index.
 */
export function newId(now = Date.now()): string {
  return now.toString(16).padStart(12, '0') + randomBytes(6).toString('hex');
}
