import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';

export interface ApiTokenSecretProps {
  name: string;
  secret: string;
  onDone(): void;
}

/** A new token's secret, shown this once: copy it now, Polyblok keeps only a hash. */
export function ApiTokenSecret({ name, secret, onDone }: ApiTokenSecretProps) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" title={`Copy the token “${name}” now`}>
        This is the only time it is shown. Store it where your script reads its secrets; if it is lost, revoke it and
        create another.
      </Alert>
      <Code block aria-label="New API token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {secret}
      </Code>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'green' : undefined} onClick={copy}>
              {copied ? 'Copied' : 'Copy token'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
