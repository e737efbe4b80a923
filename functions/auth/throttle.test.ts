import { expect, it } from 'vitest';
import { addressDelayMs, MAX_FAILURES } from './throttle';

it('slows an address down one more second per failure beyond its limit, at most 5 seconds', () => {
  expect(addressDelayMs(0)).toBe(0);
  expect(addressDelayMs(MAX_FAILURES.address - 1)).toBe(0);
  expect(addressDelayMs(MAX_FAILURES.address)).toBe(1_000);
  expect(addressDelayMs(MAX_FAILURES.address + 2)).toBe(3_000);
  expect(addressDelayMs(MAX_FAILURES.address + 100)).toBe(5_000);
});
