import { CloseButton, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { SEARCH_QUERY_MAX, searchStatuses, type SearchStatus } from '#contract/search-rules.ts';
import { statusLabel } from '#kit/editor/status-badge.tsx';
import type { ContentSearch } from '#kit/editor/search.queries.ts';

/** Long enough to finish a word, short enough that the results follow the typing. */
export const SEARCH_DEBOUNCE_MS = 300;

export const searchStatusLabels: Record<SearchStatus, string> = {
  missing: statusLabel('missing'),
  translation_requested: statusLabel('translation_requested'),
  unverified: statusLabel('unverified'),
  outdated: 'Outdated',
  verified: statusLabel('verified'),
  qa_problem: 'Has QA problems',
};

const ANY = 'any';
const statusOptions = [
  { value: ANY, label: 'Any status' },
  ...searchStatuses.map((status) => ({ value: status, label: searchStatusLabels[status] })),
];

export interface ContentSearchBoxProps {
  search: ContentSearch;
  onSearch(change: Partial<ContentSearch>): void;
}

/** Words and a key status to find stories by, over the whole space. */
export function ContentSearchBox({ search, onSearch }: ContentSearchBoxProps) {
  const [text, setText] = useState(search.q);
  const [shown, setShown] = useState(search.q);
  const send = useDebouncedCallback((value: string) => onSearch({ q: value.trim() }), SEARCH_DEBOUNCE_MS);
  // The URL's words changed without typing (back button, a folder opened): the box shows them.
  if (search.q !== shown) {
    setShown(search.q);
    if (text.trim() !== search.q) setText(search.q);
  }
  const type = (value: string) => {
    setText(value);
    send(value);
  };

  return (
    <Group gap={6} wrap="nowrap" role="search">
      <TextInput
        size="xs"
        style={{ flex: 1, minWidth: 0 }}
        placeholder="Search the whole space"
        aria-label="Search stories"
        leftSection={<IconSearch size={14} />}
        maxLength={SEARCH_QUERY_MAX}
        value={text}
        onChange={(event) => type(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') send.flush();
          if (event.key === 'Escape' && text !== '') {
            send.cancel();
            type('');
            send.flush();
          }
        }}
        rightSection={
          text === '' ? null : (
            <CloseButton
              size="sm"
              aria-label="Clear the search"
              onClick={() => {
                send.cancel();
                setText('');
                onSearch({ q: '' });
              }}
            />
          )
        }
      />
      <Select
        size="xs"
        w={128}
        aria-label="Key status"
        data={statusOptions}
        value={search.status ?? ANY}
        onChange={(value) => onSearch({ status: value === null || value === ANY ? null : (value as SearchStatus) })}
        allowDeselect={false}
        comboboxProps={{ shadow: 'md', width: 180, position: 'bottom-end' }}
      />
    </Group>
  );
}
