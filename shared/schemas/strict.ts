import { never } from 'zod/mini';
import { type $ZodObject, clone } from 'zod/v4/core';

/**
 * The object refusing unknown keys, its fields and refinements kept: what `.strict()` does for a schema
 * written with zod, for one written with either zod or zod/mini.
 */
export function strict<Schema extends $ZodObject>(schema: Schema): Schema {
  return clone(schema, { ...schema._zod.def, catchall: never() });
}
