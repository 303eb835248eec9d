import { describe, expect, it } from 'vitest';
import * as contract from './languages.ts';
import * as rules from './language-rules.ts';

/** The contract's verdict: null when valid, else its first message. */
function contractError(schema: typeof contract.languageCodeSchema, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
}

describe('language rules', () => {
  it('use the contract’s limits and hint', () => {
    expect(rules.LANGUAGE_CODE_MAX).toBe(contract.LANGUAGE_CODE_MAX);
    expect(rules.LANGUAGE_CODE_ADD_INPUT_MAX).toBe(contract.LANGUAGE_CODE_ADD_INPUT_MAX);
    expect(rules.LANGUAGE_NAME_MAX).toBe(contract.LANGUAGE_NAME_MAX);
    expect(rules.LANGUAGE_CODE_HINT).toBe(contract.LANGUAGE_CODE_HINT);
  });

  it.each(['de', ' pt-BR ', 'zh_Hant', 'x'.repeat(50), '', '   ', 'x'.repeat(51), 'fr ca', 'de.at', 'ü'])(
    'judge the code %j as the server does',
    (value) => {
      expect(rules.languageCodeError(value)).toBe(contractError(contract.languageCodeSchema, value));
    },
  );

  it.each(['German', '  Français ', 'n'.repeat(50), '', '  ', 'n'.repeat(51)])(
    'judge the name %j as the server does',
    (value) => {
      expect(rules.languageNameError(value)).toBe(contractError(contract.languageNameSchema, value));
    },
  );

  it('explain a bad code with the hint', () => {
    expect(rules.languageCodeError('de at')).toBe('Only letters, numbers, dashes and underscores are allowed');
  });
});
