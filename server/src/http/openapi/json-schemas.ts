import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * A contract schema as JSON Schema 2020-12, OpenAPI 3.1's dialect. What a client sends is described as zod reads
 * it (`io: 'input'`: an id in a path is a string of digits), an answer as the server writes it. What JSON Schema
 * cannot say (a transform's result, a refinement) is left open rather than guessed.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
    cycles: 'ref',
  }) as JsonSchema;
  // The dialect is the document's (jsonSchemaDialect); a `$schema` in every fragment says nothing more.
  delete converted.$schema;
  return converted;
}

/** The parameters of a path or a query from an object schema: one per property, required as the schema says. */
export function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const converted = jsonSchemaOf(schema, 'input');
  const properties = (converted.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((converted.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}
