import { Stack, Text, Tooltip } from '@mantine/core';
import { memo } from 'react';
import classes from './editor.module.css';
import { splitByGlossary, type GlossaryHint } from './glossary-match.ts';

function TermTooltip({ term }: { term: GlossaryHint }) {
  return (
    <Stack gap={2} maw={280}>
      <Text fz="xs" fw={600}>
        {term.do_not_translate ? 'Glossary: keep as it is' : `Glossary: ${term.translated}`}
      </Text>
      {term.description && (
        <Text fz="xs" c="gray.3">
          {term.description}
        </Text>
      )}
    </Stack>
  );
}

/** Text with the space's glossary terms marked; hovering a term shows its translation. */
export const GlossaryText = memo(function GlossaryText({
  text,
  terms,
}: {
  text: string;
  terms: readonly GlossaryHint[];
}) {
  if (terms.length === 0) return <>{text}</>;
  return (
    <>
      {splitByGlossary(text, terms).map((piece, index) =>
        piece.term ? (
          <Tooltip key={index} label={<TermTooltip term={piece.term} />} multiline>
            <mark className={classes.glossaryTerm} data-glossary-term={piece.term.translatable}>
              {piece.text}
            </mark>
          </Tooltip>
        ) : (
          piece.text
        ),
      )}
    </>
  );
});
