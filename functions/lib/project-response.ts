import * as z from 'zod';

type Schema = z.core.$ZodType;

/**
 * The answer cut down to what the route's response schema declares, at every depth: records as stored
 * carry more than their schema (key attributes, a lesson's claim buffer, another record's id) and
 * TypeScript lets a wider object through where a narrower one is expected, so the pipeline sends only the
 * declared keys. Values are not checked or transformed here (the integration tests' client checks them
 * against the schema made strict); only undeclared keys are left out.
 */
export function projectToSchema(schema: Schema, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (schema instanceof z.ZodObject) return projectObject(schema, value);
  if (schema instanceof z.ZodArray) {
    return Array.isArray(value) ? value.map((item) => projectToSchema(schema.element, item)) : value;
  }
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodNonOptional ||
    schema instanceof z.ZodReadonly ||
    schema instanceof z.ZodCatch
  ) {
    return projectToSchema(schema.unwrap(), value);
  }
  if (schema instanceof z.ZodUnion) return projectToSchema(unionMember(schema, value), value);
  if (schema instanceof z.ZodRecord) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, projectToSchema(schema.valueType, item)]),
    );
  }
  if (schema instanceof z.ZodPipe) return projectToSchema(schema.in, value);
  if (schema instanceof z.ZodLazy) return projectToSchema(schema.unwrap(), value);
  if (schema instanceof z.ZodIntersection) {
    const { left, right } = schema.def;
    return { ...asObject(projectToSchema(left, value)), ...asObject(projectToSchema(right, value)) };
  }
  return value;
}

function projectObject(schema: z.ZodObject, value: object): Record<string, unknown> {
  const projected: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const field = Object.hasOwn(schema.shape, key) ? schema.shape[key] : undefined;
    if (field) projected[key] = projectToSchema(field, item);
  }
  return projected;
}

/** The member the value is (the first that accepts it; the first when none does, so nothing extra leaks). */
function unionMember(schema: z.ZodUnion, value: unknown): Schema {
  const { options } = schema;
  return options.find((option) => z.safeParse(option, value).success) ?? options[0]!;
}

function asObject(value: unknown): object {
  return value !== null && typeof value === 'object' ? value : {};
}
