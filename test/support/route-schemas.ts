import * as z from 'zod';

/** The fields of a route's query or body schema (through pipes, defaults and the like), or none. */
export function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  let current: unknown = schema;
  // Unwrap pipes/effects down to the object schema, if any.
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof z.ZodObject) return current.shape as Record<string, z.ZodType>;
    const def = (current as { def?: { in?: unknown; innerType?: unknown; schema?: unknown } }).def;
    current = def?.in ?? def?.innerType ?? def?.schema;
  }
  return {};
}
