import { authErrorSchema, legacyAuthErrorSchema } from '#contract/auth.ts';
import { authErrorCodes } from '#contract/auth-errors.ts';
import { errorCodes, errorResponseSchema } from '#contract/errors.ts';
import { statusOfCode, type AppErrorCode } from '../../errors.ts';
import { jsonSchemaOf, type JsonSchema } from './json-schemas.ts';

/** The status each code answers with, as the server's one error type maps it. */
export function statusOfCodes(codes: readonly AppErrorCode[]): Record<string, number> {
  return Object.fromEntries(codes.map((code) => [code, statusOfCode(code)]));
}

function describeCodes(codes: readonly AppErrorCode[]): string {
  const statuses = statusOfCodes(codes);
  return codes.map((code) => `\`${code}\` (${statuses[code]})`).join(', ');
}

/** The product API's error answer and the auth API's two, with every code and the status it comes with. */
export function errorComponents(): Record<string, JsonSchema> {
  return {
    Error: {
      ...jsonSchemaOf(errorResponseSchema, 'output'),
      description: `Every refusal of the product API. Clients branch on \`code\`, never on \`message\`. Codes and their statuses: ${describeCodes(errorCodes)}.`,
      'x-status-of-code': statusOfCodes(errorCodes),
    },
    AuthError: {
      oneOf: [jsonSchemaOf(authErrorSchema, 'output'), jsonSchemaOf(legacyAuthErrorSchema, 'output')],
      description: `Every refusal of the auth API under /auth/v1, in GoTrue's shapes (the first with the \`X-Supabase-Api-Version\` header, the older one without). Codes and their statuses: ${describeCodes(authErrorCodes)}.`,
      'x-status-of-code': statusOfCodes(authErrorCodes),
    },
  };
}
