import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TranslatableKey } from '#contract/content.ts';
import { CompareKeyRow } from './compare-key-row.tsx';
import type { CompareColumn } from './editor-context.ts';
import { KeyRow } from './key-row.tsx';
import { KeyRowPreview } from './key-row-preview.tsx';

export interface KeyListProps {
  keys: TranslatableKey[];
  selected: ReadonlySet<number>;
  selectable: boolean;
  onSelect(keyId: number, selected: boolean): void;
  onOpenDetails(key: TranslatableKey): void;
  /** Several languages side by side: each row shows one translation per column. */
  compare?: readonly CompareColumn[] | undefined;
  /** A key to scroll to and focus once it is in the list (each key asked for once). */
  openKeyId?: number | null;
}

/** A first guess of a row's height; each row is measured once it renders (rows grow with their text). */
const ESTIMATED_ROW_HEIGHT = 190;

/**
 * The keys of the story, virtualized: a story of a thousand keys renders the dozen in view. Rows are measured
 * as they render, so keys of any length sit right. Keyboard moves between keys scroll the next one into view
 * and give it the focus.
 */
export function KeyList({
  keys,
  selected,
  selectable,
  onSelect,
  onOpenDetails,
  compare,
  openKeyId = null,
}: KeyListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeId, setActiveId] = useState<number | null>(null);
  // With languages side by side, the move stays in the language column it started from.
  const [focus, setFocus] = useState<{ keyId: number; nonce: number; column?: string } | null>(null);
  // Read by callbacks that must not change identity (rows are memoized), and by moves that follow a save.
  const keysRef = useRef(keys);
  const activeIndexRef = useRef(0);
  useLayoutEffect(() => {
    keysRef.current = keys;
  });

  // The virtualizer is read while rendering this list only; nothing memoized downstream holds its functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: keys.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 3,
    getItemKey: (index) => keys[index]?.id ?? index,
  });

  const onActivate = useCallback((keyId: number) => {
    setActiveId(keyId);
    const index = keysRef.current.findIndex((key) => key.id === keyId);
    if (index >= 0) activeIndexRef.current = index;
  }, []);

  const onNavigate = useCallback(
    (fromKeyId: number, direction: 1 | -1, column?: string) => {
      const list = keysRef.current;
      if (list.length === 0) return;
      const from = list.findIndex((key) => key.id === fromKeyId);
      // The key just left the list (saved out of the Missing tab): the next one now sits at its place.
      const target = from === -1 ? activeIndexRef.current + (direction === 1 ? 0 : -1) : from + direction;
      const index = Math.min(list.length - 1, Math.max(0, target));
      const next = list[index]!;
      activeIndexRef.current = index;
      setActiveId(next.id);
      virtualizer.scrollToIndex(index, { align: 'auto' });
      setFocus({ keyId: next.id, nonce: Date.now(), ...(column ? { column } : {}) });
    },
    [virtualizer],
  );

  const onFocused = useCallback(() => setFocus(null), []);

  // The key a link asked for, once it is among the keys: scrolled to, active and focused, as a move to it would.
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (openKeyId === null || opened.current === openKeyId) return;
    const index = keys.findIndex((key) => key.id === openKeyId);
    if (index === -1) return;
    opened.current = openKeyId;
    activeIndexRef.current = index;
    virtualizer.scrollToIndex(index, { align: 'start' });
    setActiveId(openKeyId);
    setFocus({ keyId: openKeyId, nonce: Date.now() });
  }, [openKeyId, keys, virtualizer]);

  // While the list scrolls, a key coming into view is drawn as text; the rows already drawn keep their editors.
  // Once the scroll rests, the editors mount in a transition (`settled` lags behind), so the page keeps answering.
  // So does the list's first drawing: the keys show as text at once, and their editors follow.
  const items = virtualizer.getVirtualItems();
  const settled = useDeferredValue(!virtualizer.isScrolling, false);
  const resting = settled && !virtualizer.isScrolling;
  const [mounted, setMounted] = useState<ReadonlySet<number>>(() => new Set());
  const visibleIds = items.map((item) => keys[item.index]?.id ?? -1).join(',');
  useEffect(() => {
    if (resting) setMounted(new Set(visibleIds.split(',').map(Number)));
  }, [resting, visibleIds]);
  const preview = (keyId: number) => !resting && !mounted.has(keyId) && keyId !== activeId && keyId !== focus?.keyId;

  return (
    <div ref={scrollRef} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} data-testid="key-list">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {items.map((item) => {
          const key = keys[item.index]!;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              {preview(key.id) ? (
                <KeyRowPreview keyData={key} height={item.size} />
              ) : compare ? (
                <CompareKeyRow
                  keyData={key}
                  columns={compare}
                  active={activeId === key.id}
                  selected={selected.has(key.id)}
                  selectable={selectable}
                  focusRequest={focus?.keyId === key.id ? focus : null}
                  onSelect={onSelect}
                  onActivate={onActivate}
                  onNavigate={onNavigate}
                  onFocused={onFocused}
                  onOpenDetails={onOpenDetails}
                />
              ) : (
                <KeyRow
                  keyData={key}
                  active={activeId === key.id}
                  selected={selected.has(key.id)}
                  selectable={selectable}
                  focusRequest={focus?.keyId === key.id ? focus.nonce : null}
                  onSelect={onSelect}
                  onActivate={onActivate}
                  onNavigate={onNavigate}
                  onFocused={onFocused}
                  onOpenDetails={onOpenDetails}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
