import { describe, expect, it } from 'vitest';
import * as contract from '#contract/glossary.ts';
import * as browser from './glossary-messages.ts';

describe('glossary messages in the browser', () => {
  it('are the contract’s, word for word', () => {
    expect({ ...browser }).toEqual({
      GLOSSARY_SCOPE_REQUIRED: contract.GLOSSARY_SCOPE_REQUIRED,
      GLOSSARY_TRANSLATABLE_REQUIRED: contract.GLOSSARY_TRANSLATABLE_REQUIRED,
      GLOSSARY_TRANSLATED_REQUIRED: contract.GLOSSARY_TRANSLATED_REQUIRED,
      GLOSSARY_TEXT_MAX: contract.GLOSSARY_TEXT_MAX,
      GLOSSARY_DESCRIPTION_MAX: contract.GLOSSARY_DESCRIPTION_MAX,
    });
  });
});
