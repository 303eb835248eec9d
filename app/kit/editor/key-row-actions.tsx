import { ActionIcon, Button, Group, Switch, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconCopy, IconHistory, IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
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
        <ToolIcon
          tip="Translate with AI"
          label="AI translate"
          primary
          loading={props.aiPending}
          disabled={props.askPending}
          onClick={props.onAiTranslate}
        >
          <IconSparkles size={17} />
        </ToolIcon>
        <ToolIcon
          tip="Copy the source into the translation"
          label="Copy source"
          disabled={props.askPending}
          onClick={props.onCopySource}
        >
          <IconCopy size={17} />
        </ToolIcon>
        {props.onUndo && (
          <ToolIcon
            tip="Undo the last change of this key, whoever made it"
            label="Undo last change"
            onClick={props.onUndo}
          >
            <IconHistory size={17} />
          </ToolIcon>
        )}
        {props.dirty && (
          <ToolIcon tip="Revert to the saved translation" label="Revert" onClick={props.onRevert}>
            <IconArrowBackUp size={17} />
          </ToolIcon>
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

interface ToolIconProps {
  /** What the tooltip says the tool does. */
  tip: string;
  /** Its name for assistive technology (and tests). */
  label: string;
  /** In the theme's colour rather than gray: the AI, the tool a translator looks for. */
  primary?: boolean;
  loading?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}

/** One tool of a key: a subtle icon button with its tooltip. */
function ToolIcon({ tip, label, primary, loading, disabled, onClick, children }: ToolIconProps) {
  return (
    <Tooltip label={tip}>
      <ActionIcon
        variant="subtle"
        color={primary ? undefined : 'gray'}
        aria-label={label}
        loading={loading}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
