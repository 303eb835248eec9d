import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Fragment, useMemo, useRef, type KeyboardEvent, type Ref } from 'react';
import { markerFreeText, parseMarkers, unescapeMarkerText } from '#contract/content-format/inline-markers.ts';
import classes from './editor.module.css';
import { blockProblems, keptNodeCount, segmentLabel, segmentName, segmentsOf, type DraftValue } from './key-draft.ts';
import { MarkerInput, type MarkerInputHandle } from './marker-input.tsx';
import { describeMarker, missingMarkers, type MissingMarker } from './marker-tokens.ts';

type RichtextValue = Extract<DraftValue, { kind: 'richtext' }>;

export interface RichtextTargetEditorProps {
  value: RichtextValue;
  onChange(value: RichtextValue): void;
  label: string;
  readOnly: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** The first block, for moving the focus to this key. */
  firstBlockRef?: Ref<MarkerInputHandle>;
}

function readable(markerText: string): string {
  const parsed = parseMarkers(markerText);
  return unescapeMarkerText(parsed.ok ? markerFreeText(parsed.pieces) : markerText);
}

function PutBack({
  missing,
  legend,
  onInsert,
}: {
  missing: MissingMarker[];
  legend: ReturnType<ReturnType<typeof segmentsOf>['legend']>;
  onInsert(marker: MissingMarker): void;
}) {
  return (
    <Group gap={6} mt={4} wrap="wrap">
      <Text fz="xs" c="dimmed">
        Formatting to place:
      </Text>
      {missing.map((marker) => {
        const { label, tone } = describeMarker(legend.get(marker.n));
        return (
          <UnstyledButton
            key={marker.n}
            // Keeps the caret (and a selection to wrap) in the block while the chip is clicked.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(marker)}
            title={
              marker.kind === 'pair'
                ? `Wrap the selection in ${label}`
                : marker.kind === 'open'
                  ? `Insert the start of ${label}`
                  : marker.kind === 'close'
                    ? `Insert the end of ${label}`
                    : `Insert ${label}`
            }
            aria-label={`Insert marker ${marker.n}: ${label}`}
          >
            <span className={classes.chip} data-tone={tone} data-side={marker.kind === 'pair' ? 'open' : marker.kind}>
              {marker.n}
            </span>
            <Text span fz="xs" c="dimmed">
              {' '}
              {label}
            </Text>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}

/**
 * A richtext translation edited block by block. Each text block of the document is one line of text with its
 * formatting as numbered chips; the blocks themselves, embedded bloks and code blocks are not editable here, so
 * the document that is saved always has the structure it was built from.
 */
export function RichtextTargetEditor({
  value,
  onChange,
  label,
  readOnly,
  onKeyDown,
  firstBlockRef,
}: RichtextTargetEditorProps) {
  const parts = segmentsOf(value.base);
  const problems = useMemo(() => blockProblems(value), [value]);
  const handles = useRef<Array<MarkerInputHandle | null>>([]);
  const kept = useMemo(() => keptNodeCount(value.base), [value.base]);

  if (parts.segments.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        This rich text has no text to translate: its embedded bloks are keys of their own.
      </Text>
    );
  }

  const setText = (index: number, text: string) => {
    const texts = [...value.texts];
    texts[index] = text;
    onChange({ ...value, texts });
  };
  const many = parts.segments.length > 1;

  return (
    <Stack gap={0}>
      {parts.segments.map((segment, index) => {
        const text = value.texts[index] ?? '';
        const problem = problems[index] ?? null;
        const legend = parts.legend(segment.id);
        const missing = readOnly || text === '' ? [] : missingMarkers(segment.text, text);
        return (
          <Fragment key={segment.id}>
            <div className={classes.block}>
              <MarkerInput
                value={text}
                onChange={(next) => setText(index, next)}
                legend={legend}
                readOnly={readOnly}
                invalid={problem !== null}
                placeholder={readable(segment.text)}
                label={segmentLabel(label, parts.segments, index)}
                onKeyDown={onKeyDown}
                handleRef={(handle) => {
                  handles.current[index] = handle;
                  if (index === 0 && firstBlockRef) {
                    if (typeof firstBlockRef === 'function') firstBlockRef(handle);
                    else firstBlockRef.current = handle;
                  }
                }}
              />
              {missing.length > 0 && (
                <PutBack
                  missing={missing}
                  legend={legend}
                  onInsert={(marker) => handles.current[index]?.insertMarker(marker)}
                />
              )}
              {problem && (
                <Text fz="xs" c="red.7" mt={2} role="alert">
                  {many ? `${segmentName(segment, index)}: ` : ''}
                  {problem}
                </Text>
              )}
            </div>
          </Fragment>
        );
      })}
      {kept > 0 && (
        <Text fz="xs" c="dimmed" mt={4}>
          Code blocks and embedded bloks are kept as they are; the bloks&apos; own fields are keys of their own.
        </Text>
      )}
    </Stack>
  );
}
