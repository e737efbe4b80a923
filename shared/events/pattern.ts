/**
 * An event filter in the syntax of EventBridge patterns and Lambda event filtering, limited to what the
 * platform uses: at each leaf, the list of values allowed. The cloud hands the pattern to AWS; the local
 * stack runs the same pattern with `matchesPattern`.
 */
export type EventPattern = { readonly [field: string]: readonly string[] | EventPattern };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isValueList(expected: readonly string[] | EventPattern): expected is readonly string[] {
  return Array.isArray(expected);
}

/** True when every field the pattern names is present in `value` with one of the values it allows. */
export function matchesPattern(pattern: EventPattern, value: unknown): boolean {
  if (!isRecord(value)) return false;
  return Object.entries(pattern).every(([field, expected]) => {
    const actual = value[field];
    if (isValueList(expected)) return typeof actual === 'string' && expected.includes(actual);
    return matchesPattern(expected, actual);
  });
}
