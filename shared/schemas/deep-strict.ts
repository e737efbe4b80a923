import * as z from 'zod';

/*
 * zod's `.strict()` is shallow, and a plain z.object drops unknown keys without a word. For checking what
 * the server sends, a field the schema does not declare is a leak, so every object at every depth must
 * refuse it. Checks on objects (refinements) are kept; those on arrays and records (lengths) are kept by
 * cloning their definitions.
 */

type Schema = z.core.$ZodType;
const strictCache = new WeakMap<Schema, Schema>();

/** The schema with every object at every depth refusing unknown keys. Leaf schemas are kept as they are. */
export function deepStrict(schema: Schema): Schema {
  const cached = strictCache.get(schema);
  if (cached) return cached;
  const strict = strictOf(schema);
  strictCache.set(schema, strict);
  return strict;
}

function strictOf(schema: Schema): Schema {
  if (schema instanceof z.ZodObject) return strictObject(schema, []);
  if (schema instanceof z.ZodArray)
    return schema.clone({ ...schema.def, element: deepStrict(schema.element) });
  // The wrappers, each cloned with its inner schema made strict (the clone keeps a default's value).
  if (schema instanceof z.ZodOptional) return schema.clone({ ...schema.def, innerType: inner(schema) });
  if (schema instanceof z.ZodNullable) return schema.clone({ ...schema.def, innerType: inner(schema) });
  if (schema instanceof z.ZodDefault) return schema.clone({ ...schema.def, innerType: inner(schema) });
  if (schema instanceof z.ZodPrefault) return schema.clone({ ...schema.def, innerType: inner(schema) });
  if (schema instanceof z.ZodNonOptional) return schema.clone({ ...schema.def, innerType: inner(schema) });
  if (schema instanceof z.ZodReadonly) return schema.clone({ ...schema.def, innerType: inner(schema) });
  if (schema instanceof z.ZodCatch) return schema.clone({ ...schema.def, innerType: inner(schema) });
  // Discriminated unions too: the clone keeps the discriminator.
  if (schema instanceof z.ZodUnion)
    return schema.clone({ ...schema.def, options: schema.options.map(deepStrict) });
  if (schema instanceof z.ZodRecord)
    return schema.clone({ ...schema.def, valueType: deepStrict(schema.valueType) });
  if (schema instanceof z.ZodTuple) {
    const { items, rest } = schema.def;
    return schema.clone({
      ...schema.def,
      items: items.map(deepStrict),
      rest: rest ? deepStrict(rest) : null,
    });
  }
  // A transform's input side is what arrives; its output side may be an object too.
  if (schema instanceof z.ZodPipe) {
    return schema.clone({ ...schema.def, in: deepStrict(schema.in), out: deepStrict(schema.out) });
  }
  if (schema instanceof z.ZodLazy) return z.lazy(() => deepStrict(schema.unwrap()));
  if (schema instanceof z.ZodIntersection) return strictIntersection(schema);
  return schema;
}

function inner(wrapper: { unwrap(): Schema }): Schema {
  return deepStrict(wrapper.unwrap());
}

/** Every field made deep strict, and no other key allowed (but `alsoAllowed`, checked elsewhere). */
function strictObject(schema: z.ZodObject, alsoAllowed: string[]): Schema {
  const shape: Record<string, Schema> = {};
  for (const name of alsoAllowed) shape[name] = z.unknown().optional();
  // Read lazily: a recursive schema declares its children with a getter (`get sections() { ... }`).
  for (const name of Object.keys(schema.shape)) {
    Object.defineProperty(shape, name, { get: () => deepStrict(schema.shape[name]!), enumerable: true });
  }
  // safeExtend keeps the object's refinements, which extend refuses to carry over.
  return schema.safeExtend(shape).strict();
}

/**
 * Each side of `A.and(B)` is strict, yet must let the other side's keys through (the other side checks
 * them): so both sides must be objects, whose keys are known.
 */
function strictIntersection(schema: z.ZodIntersection): Schema {
  const { left, right } = schema.def;
  if (!(left instanceof z.ZodObject) || !(right instanceof z.ZodObject)) {
    throw new Error('deepStrict: only intersections of two objects are supported');
  }
  return schema.clone({
    ...schema.def,
    left: strictObject(left, Object.keys(right.shape)),
    right: strictObject(right, Object.keys(left.shape)),
  });
}
