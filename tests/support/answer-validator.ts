import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type JsonSchema = Record<string, unknown>;
export interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>
  >;
  components: JsonSchema;
}

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

export type AnswerValidator = (method: string, path: string, status: number, body: unknown) => string | null;

interface PathMatcher {
  template: string;
  pattern: RegExp;
  /** Literal paths win over templates: /api/spaces/available before /api/spaces/{id}. */
  params: number;
}

/**
 * Checks a JSON answer against the published OpenAPI document: the operation of its method and path, the
 * response of its status (or the status's range), that response's JSON schema. Answers null when it matches,
 * else what is wrong, in words.
 */
export function createAnswerValidator(document: OpenApiDocument): AnswerValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  const matchers: PathMatcher[] = Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      params: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);

  return (method, path, status, body) => {
    const lower = method.toLowerCase();
    const matcher = matchers.find(
      (candidate) => candidate.pattern.test(path) && document.paths[candidate.template]![lower],
    );
    // Paths the document has no operation for (unknown routes, a wrong method) answer their API's shared error.
    const shared = path.startsWith('/auth/v1/') ? 'AuthError' : 'Error';
    const responses = matcher
      ? document.paths[matcher.template]![lower]!.responses
      : { '4XX': { content: { 'application/json': { schema: { $ref: `#/components/schemas/${shared}` } } } } };
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => candidate in responses);
    const where = `${method} ${path} answered ${status}`;
    if (!key) return `${where}, a status its operation does not document`;
    const schema = responses[key]!.content?.['application/json']?.schema;
    if (!schema) return `${where} with JSON, which its operation does not document`;
    const id = matcher ? `${matcher.template} ${lower} ${key}` : shared;
    let validate = compiled.get(id);
    if (!validate) {
      validate = ajv.compile({ ...schema, components: document.components });
      compiled.set(id, validate);
    }
    if (validate(body)) return null;
    return `${where} with a body that breaks its schema: ${ajv.errorsText(validate.errors)}`;
  };
}
