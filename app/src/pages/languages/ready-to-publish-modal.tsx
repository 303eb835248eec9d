import { Modal } from '@mantine/core';
import type { SpaceLocale } from '#contract/spaces.ts';
import { ReadinessList } from './readiness-list.tsx';

export interface ReadyToPublishModalProps {
  spaceId: number;
  language: SpaceLocale;
  canPublish: boolean;
  onClose: () => void;
}

/** The language's stories ready to publish, from its row on the Languages screen. */
export function ReadyToPublishModal({ spaceId, language, canPublish, onClose }: ReadyToPublishModalProps) {
  return (
    <Modal opened onClose={onClose} title={`Ready to publish in ${language.name}`} size="xl">
      <ReadinessList spaceId={spaceId} locale={language} canPublish={canPublish} />
    </Modal>
  );
}
