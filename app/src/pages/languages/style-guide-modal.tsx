import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SpaceLocale } from '#contract/spaces.ts';
import type { StyleGuide } from '#contract/style-guide.ts';
import {
  STYLE_AVOID_MAX,
  STYLE_INSTRUCTIONS_MAX,
  STYLE_TONE_MAX,
  type Formality,
} from '#contract/style-guide-rules.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { errorMessage, notifySuccess } from '#kit/components/notify.ts';
import { formatCount } from '#kit/format/format.ts';

export interface StyleGuideModalProps {
  spaceId: number;
  language: SpaceLocale;
  onClose: () => void;
}

const formalities: Array<{ value: Formality; label: string }> = [
  { value: 'default', label: 'As the text has it' },
  { value: 'formal', label: 'Formal' },
  { value: 'informal', label: 'Informal' },
];

const styleGuideKey = (spaceId: number, localeId: number) => ['style-guide', spaceId, localeId] as const;

/** An admin writes how the AI should sound in a language; what the server refuses keeps the input. */
export function StyleGuideModal({ spaceId, language, onClose }: StyleGuideModalProps) {
  const api = useApi();
  const query = { space_locale_id: language.id };
  const guide = useQuery({
    queryKey: styleGuideKey(spaceId, language.id),
    queryFn: () => api.call('getStyleGuide', { params: { id: spaceId }, query }),
  });
  return (
    <Modal opened onClose={onClose} title={`Style guide: ${language.name}`} centered size="lg">
      {guide.data ? (
        <StyleGuideForm spaceId={spaceId} language={language} initial={guide.data} onClose={onClose} />
      ) : guide.isError ? (
        <Alert color="red" title="The style guide could not be read">
          {errorMessage(guide.error, 'Try again in a moment.')}
        </Alert>
      ) : (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading the style guide" />
        </Group>
      )}
    </Modal>
  );
}

function StyleGuideForm({ spaceId, language, initial, onClose }: StyleGuideModalProps & { initial: StyleGuide }) {
  const api = useApi();
  const client = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const save = useMutation({
    mutationFn: (body: StyleGuide) =>
      api.call('updateStyleGuide', { params: { id: spaceId }, query: { space_locale_id: language.id }, body }),
    onSuccess: (saved) => {
      client.setQueryData(styleGuideKey(spaceId, language.id), saved);
      notifySuccess('Style guide saved', `AI translations into ${language.name} follow it from now on.`);
      onClose();
    },
  });
  const tooLong = draft.instructions.length > STYLE_INSTRUCTIONS_MAX;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooLong) save.mutate(draft);
      }}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          Every AI translation into {language.name} is asked to follow this guide, and the checks flag a translation
          that uses a word to avoid.
        </Text>
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="formality-label">
            Address the reader
          </Text>
          <SegmentedControl
            aria-labelledby="formality-label"
            data={formalities}
            value={draft.formality}
            onChange={(value) => setDraft({ ...draft, formality: value as Formality })}
          />
        </Stack>
        <TextInput
          label="Tone"
          placeholder="Warm and plain, no jargon"
          maxLength={STYLE_TONE_MAX}
          value={draft.tone}
          onChange={(event) => setDraft({ ...draft, tone: event.currentTarget.value })}
        />
        <TagsInput
          label="Words to avoid"
          description="Press Enter after each word or phrase."
          maxTags={STYLE_AVOID_MAX}
          value={draft.avoid}
          onChange={(avoid) => setDraft({ ...draft, avoid })}
        />
        <Textarea
          label="Instructions"
          autosize
          minRows={3}
          maxRows={10}
          value={draft.instructions}
          onChange={(event) => setDraft({ ...draft, instructions: event.currentTarget.value })}
          description={`${formatCount(draft.instructions.length)} of ${formatCount(STYLE_INSTRUCTIONS_MAX)} characters`}
          error={tooLong ? `The instructions are at most ${formatCount(STYLE_INSTRUCTIONS_MAX)} characters` : null}
        />
        {save.isError && (
          <Alert color="red" title="The style guide was not saved">
            {errorMessage(save.error, 'Try again in a moment; what you wrote is kept.')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={tooLong}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
