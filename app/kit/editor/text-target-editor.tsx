import { Group, Text, Textarea } from '@mantine/core';
import type { KeyboardEvent, Ref } from 'react';
import { formatCount } from '../format/format.ts';
import classes from './editor.module.css';

/** The browser sizes a text area to its text by CSS (Chromium 123 and later); elsewhere a script measures it. */
const sizedByCss =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

export interface TextTargetEditorProps {
  value: string;
  onChange(value: string): void;
  label: string;
  readOnly: boolean;
  placeholder: string;
  /** SEO titles and descriptions: the search-result length to stay under. */
  lengthLimit: number | null;
  monospace?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** Text, long text, Markdown and SEO values: a text area that grows with its text. */
export function TextTargetEditor(props: TextTargetEditorProps) {
  const { value, onChange, label, readOnly, placeholder, lengthLimit, monospace, onKeyDown, inputRef } = props;
  const over = lengthLimit !== null && value.length > lengthLimit;
  return (
    <div>
      <Textarea
        ref={inputRef}
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        readOnly={readOnly}
        placeholder={placeholder}
        autosize={!sizedByCss}
        minRows={2}
        maxRows={14}
        classNames={sizedByCss ? { input: classes.grows } : undefined}
        data-editor-input=""
        styles={monospace ? { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } } : undefined}
      />
      {lengthLimit !== null && (
        <Group justify="flex-end" mt={4}>
          <Text fz="xs" c={over ? 'red.7' : 'dimmed'} aria-live="polite">
            {formatCount(value.length)} / {formatCount(lengthLimit)} characters
            {over ? ': longer than search results show' : ''}
          </Text>
        </Group>
      )}
    </div>
  );
}
