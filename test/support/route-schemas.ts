import * as z from 'zod/mini';

/**
 * The fields of a route's query or body schema (through pipes, defaults and the like), or none. Walked by
 * zod's core classes, so a schema written with zod or zod/mini is read alike.
 */
export function objectShape(schema: z.core.$ZodType | undefined): Record<string, z.core.$ZodType> {
  let current = schema;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof z.core.$ZodObject) return current._zod.def.shape;
    if (current instanceof z.core.$ZodPipe) current = current._zod.def.in;
    else if (
      current instanceof z.core.$ZodOptional ||
      current instanceof z.core.$ZodDefault ||
      current instanceof z.core.$ZodPrefault
    )
      current = current._zod.def.innerType;
    else return {};
  }
  return {};
}
