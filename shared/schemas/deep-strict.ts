import * as z from 'zod/mini';

/*
 * zod's `.strict()` is shallow, and a plain z.object drops unknown keys without a word. For checking what
 * the server sends, a field the schema does not declare is a leak, so every object at every depth must
 * refuse it. Checks on objects (refinements) are kept; those on arrays and records (lengths) are kept by
 * cloning their definitions. Walked by zod's core classes, so schemas written with zod or zod/mini are made
 * strict alike.
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
  if (schema instanceof z.core.$ZodObject) return strictObject(schema, []);
  if (schema instanceof z.core.$ZodArray) {
    const { def } = schema._zod;
    return z.core.clone(schema, { ...def, element: deepStrict(def.element) });
  }
  // The wrappers, each cloned with its inner schema made strict (the clone keeps a default's value).
  if (
    schema instanceof z.core.$ZodOptional ||
    schema instanceof z.core.$ZodNullable ||
    schema instanceof z.core.$ZodDefault ||
    schema instanceof z.core.$ZodPrefault ||
    schema instanceof z.core.$ZodNonOptional ||
    schema instanceof z.core.$ZodReadonly ||
    schema instanceof z.core.$ZodCatch
  ) {
    const { def } = schema._zod;
    return z.core.clone(schema, { ...def, innerType: deepStrict(def.innerType) });
  }
  // Discriminated unions too: the clone keeps the discriminator.
  if (schema instanceof z.core.$ZodUnion) {
    const { def } = schema._zod;
    return z.core.clone(schema, { ...def, options: def.options.map(deepStrict) });
  }
  if (schema instanceof z.core.$ZodRecord) {
    const { def } = schema._zod;
    return z.core.clone(schema, { ...def, valueType: deepStrict(def.valueType) });
  }
  if (schema instanceof z.core.$ZodTuple) {
    const { def } = schema._zod;
    return z.core.clone(schema, {
      ...def,
      items: def.items.map(deepStrict),
      rest: def.rest ? deepStrict(def.rest) : null,
    });
  }
  // A transform's input side is what arrives; its output side may be an object too.
  if (schema instanceof z.core.$ZodPipe) {
    const { def } = schema._zod;
    return z.core.clone(schema, { ...def, in: deepStrict(def.in), out: deepStrict(def.out) });
  }
  if (schema instanceof z.core.$ZodLazy) return z.lazy(() => deepStrict(schema._zod.innerType));
  if (schema instanceof z.core.$ZodIntersection) return strictIntersection(schema);
  return schema;
}

/**
 * Every field made deep strict, and no other key allowed (but `alsoAllowed`, checked elsewhere). The clone
 * keeps the object's refinements (its checks are part of the definition).
 */
function strictObject(schema: z.core.$ZodObject, alsoAllowed: string[]): Schema {
  const { def } = schema._zod;
  const shape: Record<string, Schema> = {};
  for (const name of alsoAllowed) shape[name] = z.optional(z.unknown());
  // Read lazily: a recursive schema declares its children with a getter (`get sections() { ... }`).
  for (const name of Object.keys(def.shape)) {
    Object.defineProperty(shape, name, { get: () => deepStrict(def.shape[name]!), enumerable: true });
  }
  return z.core.clone(schema, { ...def, shape, catchall: z.never() });
}

/**
 * Each side of `A.and(B)` is strict, yet must let the other side's keys through (the other side checks
 * them): so both sides must be objects, whose keys are known.
 */
function strictIntersection(schema: z.core.$ZodIntersection): Schema {
  const { def } = schema._zod;
  const { left, right } = def;
  if (!(left instanceof z.core.$ZodObject) || !(right instanceof z.core.$ZodObject)) {
    throw new Error('deepStrict: only intersections of two objects are supported');
  }
  return z.core.clone(schema, {
    ...def,
    left: strictObject(left, Object.keys(right._zod.def.shape)),
    right: strictObject(right, Object.keys(left._zod.def.shape)),
  });
}
