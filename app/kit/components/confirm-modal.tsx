import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmModalProps {
  title: string;
  /** What will happen, in the words of the screen. */
  children: ReactNode;
  /** The red button, named after the action ('Delete language', 'Revoke access'). */
  confirmLabel: string;
  /** While the action runs the modal stays open and cannot be dismissed half-way. */
  pending: boolean;
  /** The red button stays off until the person has done what the screen asks (typed a name ...). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The confirmation before a destructive action: Cancel, and a red button that shows the action running. */
export function ConfirmModal({
  title,
  children,
  confirmLabel,
  pending,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal opened onClose={close} title={title} centered>
      <Stack gap="lg">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
