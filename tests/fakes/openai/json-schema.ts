/**
 * The part of Structured Outputs a stand-in must play: reject a `strict` schema OpenAI would reject (so the product
 * cannot pass tests with a schema the real API refuses), and bend the natural answer into the requested shape
 * (OpenAI's constrained decoding guarantees that shape, so the product may rely on it).
 */
type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function resolve(schema: unknown, root: Schema): Schema {
  if (!isObject(schema)) return {};
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) target = isObject(target) ? target[part] : undefined;
  return isObject(target) ? target : {};
}

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  if (typeof schema.type === 'string') return [schema.type];
  return isObject(schema.properties) ? ['object'] : [];
}

function context(path: string[]): string {
  return `(${path.map((p) => `'${p}'`).join(', ')}${path.length === 1 ? ',' : ''})`;
}

function strictProblemIn(schema: Schema, path: string[], root: Schema): string | null {
  if (types(schema).includes('object') || isObject(schema.properties)) {
    if (schema.additionalProperties !== false) {
      return `In context=${context(path)}, 'additionalProperties' is required to be supplied and to be false.`;
    }
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required : [];
    const missing = Object.keys(properties).find((key) => !required.includes(key));
    if (missing !== undefined) {
      return `In context=${context(path)}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    }
    for (const [key, sub] of Object.entries(properties)) {
      const problem = strictProblemIn(resolve(sub, root), [...path, 'properties', key], root);
      if (problem) return problem;
    }
  }
  if (isObject(schema.items)) {
    const problem = strictProblemIn(resolve(schema.items, root), [...path, 'items'], root);
    if (problem) return problem;
  }
  for (const keyword of ['anyOf', '$defs', 'definitions'] as const) {
    const subs = schema[keyword];
    const entries = Array.isArray(subs)
      ? subs.map((s, i) => [String(i), s] as const)
      : Object.entries(isObject(subs) ? subs : {});
    for (const [key, sub] of entries) {
      const problem = strictProblemIn(resolve(sub, root), [...path, keyword, key], root);
      if (problem) return problem;
    }
  }
  return null;
}

/** OpenAI's wording for a strict schema it refuses, or null when it would accept it. */
export function strictSchemaProblem(name: string, schema: Schema): string | null {
  const prefix = `Invalid schema for response_format '${name}': `;
  const rootTypes = types(schema);
  if (!rootTypes.includes('object') || schema.anyOf !== undefined) {
    return `${prefix}schema must be a JSON Schema of 'type: "object"', got 'type: "${rootTypes[0] ?? 'None'}"'.`;
  }
  const problem = strictProblemIn(schema, [], schema);
  return problem ? prefix + problem : null;
}

function fits(schema: Schema, value: unknown): boolean {
  const t = types(schema);
  if (t.length === 0) return true;
  if (value === null) return t.includes('null');
  if (Array.isArray(value)) return t.includes('array');
  if (typeof value === 'number') return t.includes('number') || (t.includes('integer') && Number.isInteger(value));
  return t.includes(typeof value);
}

function conform(raw: unknown, value: unknown, key: string, root: Schema): unknown {
  const schema = resolve(raw, root);
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf.map((b) => resolve(b, root));
    return conform(branches.find((b) => fits(b, value)) ?? branches[0], value, key, root);
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.includes(value) ? value : schema.enum[0];
  const t = types(schema);
  if (t.length === 0) return value ?? null;
  if (fits(schema, value) && value === null) return null;
  const type = t.find((x) => x !== 'null') ?? 'null';
  switch (type) {
    case 'object': {
      const source = isObject(value) ? value : {};
      const properties = isObject(schema.properties) ? schema.properties : {};
      const out: Record<string, unknown> = {};
      if (schema.additionalProperties !== false) Object.assign(out, source);
      for (const [k, sub] of Object.entries(properties)) out[k] = conform(sub, source[k], k, root);
      return out;
    }
    case 'array': {
      const list = Array.isArray(value) ? value : [];
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const padded = list.length >= min ? list : [...list, ...Array.from({ length: min - list.length })];
      return padded.map((item) => conform(schema.items, item, key, root));
    }
    case 'string':
      return typeof value === 'string' ? value : `[fake] ${key}`;
    case 'integer':
    case 'number':
      return typeof value === 'number' ? value : typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return typeof value === 'boolean' ? value : false;
    default:
      return null;
  }
}

/** The value reshaped to the schema: missing keys filled, extra keys dropped where `additionalProperties: false`. */
export function conformToSchema(schema: Schema, value: unknown): unknown {
  return conform(schema, value, 'value', schema);
}
