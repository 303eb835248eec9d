import { Alert, Anchor } from '@mantine/core';
import { useSiteInfo } from '#kit/data/site.queries.ts';

/**
 * On a Polyblok that sends no e-mail (the demo, development without SMTP), the links people wait for are in its
 * outbox: say so where they would otherwise wait for an e-mail that never comes.
 */
export function OutboxNote() {
  const outbox = useSiteInfo().data?.outbox_url;
  if (!outbox) return null;
  return (
    <Alert role="note" color="blue" variant="light" title="E-mails stay on this server">
      This Polyblok sends no e-mail: every message, with its links, is in the{' '}
      <Anchor href={outbox} target="_blank" rel="noopener">
        outbox at {outbox}
      </Anchor>
      .
    </Alert>
  );
}
