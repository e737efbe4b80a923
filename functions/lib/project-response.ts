import { safeParse } from 'zod/mini';
import {
  $ZodArray,
  $ZodCatch,
  $ZodDefault,
  $ZodIntersection,
  $ZodLazy,
  $ZodNonOptional,
  $ZodNullable,
  $ZodObject,
  $ZodOptional,
  $ZodPipe,
  $ZodPrefault,
  $ZodReadonly,
  $ZodRecord,
  type $ZodType,
  $ZodUnion,
} from 'zod/v4/core';

type Schema = $ZodType;
type Projector = (value: unknown) => unknown;

/**
 * The answer cut down to what the route's response schema declares, at every depth: records as stored
 * carry more than their schema (key attributes, a lesson's claim buffer, another record's id) and
 * TypeScript lets a wider object through where a narrower one is expected, so the pipeline sends only the
 * declared keys. Values are not checked or transformed here (the integration tests' client checks them
 * against the schema made strict); only undeclared keys are left out.
 *
 * This runs on every successful answer, so each schema's projector is built once, on its first answer,
 * and kept: the warm path walks the value with plain functions, without asking the schema what it is at
 * every node, which cost as much as the JSON.stringify of the same answer or twice as much (`npm run bench
 * -- projection` measures it).
 */
export function projectToSchema(schema: Schema, value: unknown): unknown {
  return projectorOf(schema)(value);
}

const projectors = new WeakMap<Schema, Projector>();

function projectorOf(schema: Schema): Projector {
  let projector = projectors.get(schema);
  if (!projector) {
    projector = buildProjector(schema);
    projectors.set(schema, projector);
  }
  return projector;
}

/**
 * The projector of a schema inside another, built when first needed: a recursive schema (a getter in a
 * shape, z.lazy) is built one level at a time, as deep as its values go.
 */
function deferred(inner: () => Schema): Projector {
  let projector: Projector | undefined;
  return (value) => {
    // Text, numbers and null are what they are whatever the schema: no projector is built or called.
    if (value === null || typeof value !== 'object') return value;
    projector ??= projectorOf(inner());
    return projector(value);
  };
}

const unchanged: Projector = (value) => value;

// Core classes, so a schema written with zod or zod/mini is walked alike.
function buildProjector(schema: Schema): Projector {
  if (schema instanceof $ZodObject) return objectProjector(schema);
  if (schema instanceof $ZodArray) {
    const element = deferred(() => schema._zod.def.element);
    return (value) => (Array.isArray(value) ? value.map(element) : value);
  }
  if (
    schema instanceof $ZodOptional ||
    schema instanceof $ZodNullable ||
    schema instanceof $ZodDefault ||
    schema instanceof $ZodPrefault ||
    schema instanceof $ZodNonOptional ||
    schema instanceof $ZodReadonly ||
    schema instanceof $ZodCatch
  ) {
    return deferred(() => schema._zod.def.innerType);
  }
  if (schema instanceof $ZodUnion) {
    // The member the value is (the first that accepts it; the first when none does, so nothing extra leaks).
    const { options } = schema._zod.def;
    return (value) => {
      if (value === null || typeof value !== 'object') return value;
      const member = options.find((option) => safeParse(option, value).success) ?? options[0]!;
      return projectorOf(member)(value);
    };
  }
  if (schema instanceof $ZodRecord) {
    const item = deferred(() => schema._zod.def.valueType);
    return (value) => {
      if (value === null || typeof value !== 'object') return value;
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, item(entry)]));
    };
  }
  if (schema instanceof $ZodPipe) return deferred(() => schema._zod.def.in);
  if (schema instanceof $ZodLazy) return deferred(() => schema._zod.innerType);
  if (schema instanceof $ZodIntersection) {
    const left = deferred(() => schema._zod.def.left);
    const right = deferred(() => schema._zod.def.right);
    return (value) => {
      if (value === null || typeof value !== 'object') return value;
      return { ...asObject(left(value)), ...asObject(right(value)) };
    };
  }
  return unchanged;
}

function objectProjector(schema: $ZodObject): Projector {
  const { shape } = schema._zod.def;
  const fields = new Map<string, Projector>();
  for (const key of Object.keys(shape)) {
    const field = deferred(() => shape[key]!);
    fields.set(key, field);
  }
  return (value) => {
    if (value === null || typeof value !== 'object') return value;
    const projected: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const field = fields.get(key);
      if (!field) continue;
      projected[key] = field(Reflect.get(value, key));
    }
    return projected;
  };
}

function asObject(value: unknown): object {
  return value !== null && typeof value === 'object' ? value : {};
}
