import { ActionIcon, Button, Group, Switch, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconCopy, IconHistory, IconSparkles } from '@tabler/icons-react';
import { verifyHint } from './verify-reason.ts';

export interface KeyRowActionsProps {
  dirty: boolean;
  savable: boolean;
  saving: boolean;
  aiPending: boolean;
  askPending: boolean;
  hasSaved: boolean;
  verified: boolean;
  verifyPending: boolean;
  onSave(): void;
  onToggleVerified(): void;
  onAiTranslate(): void;
  onCopySource(): void;
  onRevert(): void;
  /** The key's last change (anyone's) can be undone (set only while it can). */
  onUndo?: () => void;
}

/** What a translator can do with one key. Verification is of the saved text, so it waits for unsaved text. */
export function KeyRowActions(props: KeyRowActionsProps) {
  const verifyDisabled = !props.hasSaved || props.dirty || props.askPending || props.verifyPending;
  const hint = verifyHint(props);
  return (
    // Narrow (languages side by side), the switch and Save move below the tools, to the right.
    <Group justify="space-between" gap="xs" wrap="wrap" style={{ rowGap: 4 }}>
      <Group gap={2} wrap="nowrap">
        <Tooltip label="Translate with AI">
          <ActionIcon
            variant="subtle"
            aria-label="AI translate"
            loading={props.aiPending}
            disabled={props.askPending}
            onClick={props.onAiTranslate}
          >
            <IconSparkles size={17} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Copy the source into the translation">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Copy source"
            disabled={props.askPending}
            onClick={props.onCopySource}
          >
            <IconCopy size={17} />
          </ActionIcon>
        </Tooltip>
        {props.onUndo && (
          <Tooltip label="Undo the last change of this key, whoever made it">
            <ActionIcon variant="subtle" color="gray" aria-label="Undo last change" onClick={props.onUndo}>
              <IconHistory size={17} />
            </ActionIcon>
          </Tooltip>
        )}
        {props.dirty && (
          <Tooltip label="Revert to the saved translation">
            <ActionIcon variant="subtle" color="gray" aria-label="Revert" onClick={props.onRevert}>
              <IconArrowBackUp size={17} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Group gap="sm" wrap="wrap" justify="flex-end" ml="auto" style={{ rowGap: 4 }}>
        <Tooltip label={hint}>
          <div>
            <Switch
              label="Verified"
              size="sm"
              color="green"
              checked={props.verified}
              disabled={verifyDisabled}
              onChange={props.onToggleVerified}
            />
          </div>
        </Tooltip>
        <Button size="compact-sm" px="md" onClick={props.onSave} disabled={!props.savable} loading={props.saving}>
          Save
        </Button>
      </Group>
    </Group>
  );
}
