import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type KeyboardEvent, type Ref } from 'react';
import { escapeMarkerText } from '#contract/content-format/inline-markers.ts';
import type { InlineMarker } from '#contract/content-format/richtext-inline.ts';
import classes from './editor.module.css';
import { describeMarker, markerSource, tokenizeMarkers, type MissingMarker } from './marker-tokens.ts';

export interface MarkerInputHandle {
  focus(): void;
  /** Puts a lost marker back at the caret (a pair around the selected text, if any). */
  insertMarker(marker: MissingMarker): void;
}

export interface MarkerInputProps {
  /** The block's text with numbered markers (`Read the <1>blog</1>`). */
  value: string;
  onChange(value: string): void;
  legend: ReadonlyMap<number, InlineMarker>;
  readOnly?: boolean;
  invalid?: boolean;
  placeholder?: string;
  label: string;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  handleRef?: Ref<MarkerInputHandle>;
}

function chip(n: number, side: 'open' | 'close' | 'atom', legend: ReadonlyMap<number, InlineMarker>): HTMLSpanElement {
  const { label, tone } = describeMarker(legend.get(n));
  const element = document.createElement('span');
  element.className = classes.chip!;
  element.contentEditable = 'false';
  element.dataset.marker = markerSource({ kind: side, n });
  element.dataset.side = side;
  element.dataset.tone = tone;
  element.title = side === 'open' ? `Start of ${label}` : side === 'close' ? `End of ${label}` : label;
  element.textContent = String(n);
  return element;
}

/** A zero-width space beside a chip with no text there: Chrome cannot put the caret next to one otherwise. */
const caretStop = () => document.createTextNode('\u200b');

function render(element: HTMLElement, value: string, legend: ReadonlyMap<number, InlineMarker>) {
  const nodes: Node[] = [];
  for (const token of tokenizeMarkers(value)) {
    if (token.kind === 'text') {
      nodes.push(document.createTextNode(token.text));
      continue;
    }
    if (!(nodes.at(-1) instanceof Text)) nodes.push(caretStop());
    nodes.push(chip(token.n, token.kind, legend));
  }
  if (nodes.length > 0 && !(nodes.at(-1) instanceof Text)) nodes.push(caretStop());
  element.replaceChildren(...nodes);
}

/** The DOM back to a marker string: chips by their marker, everything else by its text (formatting never). */
function serialize(node: Node): string {
  let out = '';
  node.childNodes.forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE)
      out += escapeMarkerText((child.textContent ?? '').replace(/[\u200b\n]/g, ''));
    else if (child instanceof HTMLElement && child.dataset.marker) out += child.dataset.marker;
    else if (child instanceof HTMLElement && child.tagName !== 'BR') out += serialize(child);
  });
  return out;
}

/**
 * One richtext block as editable text with its markers as chips. The chips are not text: typing goes around
 * them, so marks, links and inline nodes keep their place unless the translator moves or deletes a chip on
 * purpose (a lost one is offered back by the block). Line breaks and formatting shortcuts are refused: the
 * structure comes from the source, not from the keyboard. The DOM is only rebuilt when the value changes from
 * outside (copy source, an AI answer), so the browser's own undo keeps working while typing.
 */
export function MarkerInput(props: MarkerInputProps) {
  const { value, onChange, legend, readOnly, invalid, placeholder, label, onKeyDown, handleRef } = props;
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || shown.current === value) return;
    render(element, value, legend);
    shown.current = value;
  }, [value, legend]);

  const emit = () => {
    const element = ref.current;
    if (!element) return;
    const next = serialize(element);
    element.dataset.empty = next === '' ? 'true' : 'false';
    shown.current = next;
    onChangeRef.current(next);
  };

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Native beforeinput: React's onBeforeInput does not carry inputType.
    const refuse = (event: InputEvent) => {
      const type = event.inputType;
      if (
        type === 'insertParagraph' ||
        type === 'insertLineBreak' ||
        type.startsWith('format') ||
        type === 'insertFromDrop'
      )
        event.preventDefault();
    };
    element.addEventListener('beforeinput', refuse);
    return () => element.removeEventListener('beforeinput', refuse);
  }, []);

  useImperativeHandle(handleRef, () => ({
    focus: () => ref.current?.focus(),
    insertMarker(marker) {
      const element = ref.current;
      if (!element || readOnly) return;
      element.focus();
      const selection = window.getSelection();
      let range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
      if (!range || !element.contains(range.commonAncestorContainer)) {
        range = document.createRange();
        range.selectNodeContents(element);
        range.collapse(false);
      }
      if (marker.kind === 'atom') {
        range.deleteContents();
        range.insertNode(chip(marker.n, 'atom', legend));
      } else {
        // A pair goes around the selection; a lone end goes at its edge.
        if (marker.kind !== 'open') {
          const end = range.cloneRange();
          end.collapse(false);
          end.insertNode(chip(marker.n, 'close', legend));
        }
        if (marker.kind !== 'close') {
          range.collapse(true);
          range.insertNode(chip(marker.n, 'open', legend));
        }
      }
      emit();
    },
  }));

  return (
    <div
      ref={ref}
      className={classes.markerInput}
      role="textbox"
      aria-label={label}
      aria-multiline="false"
      aria-readonly={readOnly || undefined}
      aria-invalid={invalid || undefined}
      contentEditable={!readOnly}
      suppressContentEditableWarning
      spellCheck
      tabIndex={readOnly ? 0 : undefined}
      data-editor-input=""
      data-invalid={invalid || undefined}
      data-readonly={readOnly || undefined}
      data-empty={value === '' ? 'true' : 'false'}
      data-placeholder={placeholder}
      onInput={emit}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) event.preventDefault();
        onKeyDown?.(event);
      }}
      onPaste={(event) => {
        event.preventDefault();
        if (readOnly) return;
        const text = event.clipboardData.getData('text/plain').replace(/\s*\r?\n\s*/g, ' ');
        // insertText keeps the browser's undo history, unlike changing the DOM by hand.
        document.execCommand('insertText', false, text);
      }}
    />
  );
}
