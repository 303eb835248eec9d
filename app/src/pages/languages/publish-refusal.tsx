import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { IncompleteKey } from '#contract/errors.ts';

const statusText: Record<IncompleteKey['status'], string> = {
  missing: 'missing',
  translation_requested: 'AI translation under way',
  unverified: 'not verified',
};

/** Keys listed at most; the message counts them all. */
const SHOWN = 20;

export interface PublishRefusalProps {
  message: string;
  keys: IncompleteKey[];
  /** The story in the editor, in the key's language. */
  keyHref: (key: IncompleteKey) => string;
  onClose: () => void;
}

/** Why a story was not published: the server's words and the keys that keep it, each a link into the editor. */
export function PublishRefusal({ message, keys, keyHref, onClose }: PublishRefusalProps) {
  return (
    <Alert color="orange" variant="light" title="Not published" withCloseButton onClose={onClose}>
      <Text fz="sm">{message}</Text>
      {keys.length > 0 && (
        <List size="sm" mt="xs" spacing={2} aria-label="Keys to finish">
          {keys.slice(0, SHOWN).map((key) => (
            <List.Item key={`${key.locale}:${key.key}`}>
              <Anchor component={Link} to={keyHref(key)} fz="sm">
                {key.field_path}
              </Anchor>{' '}
              <Text span fz="xs" c="dimmed">
                ({key.locale}, {statusText[key.status]})
              </Text>
            </List.Item>
          ))}
          {keys.length > SHOWN && <List.Item>and {keys.length - SHOWN} more</List.Item>}
        </List>
      )}
    </Alert>
  );
}
