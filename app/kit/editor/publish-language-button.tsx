import { Button, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { StoryDetail } from '#contract/content.ts';
import { effectivePublishRule, type PublishRequirement } from '#contract/publish-rules.ts';
import { formatQuantity } from '#contract/quantity.ts';
import { useApi } from '../api/api-context.tsx';
import { notifyError, notifySuccess } from '../components/notify.ts';
import { usePublishStory } from '../data/publishing.queries.ts';
import { spaceSettingsQueryOptions } from '../data/space-settings.queries.ts';
import { useEditorContext } from './editor-context.ts';

/** The keys that keep the language from being published by the rule. */
export function keysLeftToPublish(story: Pick<StoryDetail, 'translatable_keys'>, rule: PublishRequirement): number {
  return story.translatable_keys.filter((key) =>
    rule === 'translated' ? key.translated_key_value === null : key.status !== 'verified',
  ).length;
}

/**
 * Publishes the open language of the story in Storyblok (editors and up). Disabled, saying why, while a key is
 * not done by the space's rule; the server checks the same again and says what else stands in the way.
 */
export function PublishLanguageButton({ story }: { story: StoryDetail }) {
  const ctx = useEditorContext();
  const api = useApi();
  const settings = useQuery({ ...spaceSettingsQueryOptions(api, ctx.spaceId), enabled: ctx.canPublish });
  const publish = usePublishStory(ctx.spaceId);
  if (!ctx.canPublish) return null;
  const rule = settings.data
    ? effectivePublishRule(settings.data.publish_requires, settings.data.write_back_mode)
    : null;
  const left = rule ? keysLeftToPublish(story, rule) : 0;
  const reason = !rule
    ? 'Reading the space’s publishing rule…'
    : left > 0
      ? `${formatQuantity(left, 'key is', 'keys are')} not ${rule} yet in ${ctx.localeName}.`
      : `Writes the ${ctx.localeName} translations to Storyblok and publishes ${ctx.localeName} there.`;

  function run() {
    publish.mutate(
      { storyId: ctx.storyId, spaceLocaleIds: [ctx.spaceLocaleId] },
      {
        onSuccess: () => notifySuccess('Published', `“${story.name}” is published in ${ctx.localeName} in Storyblok.`),
        onError: (error) => notifyError('Not published', error, 'Publishing failed; please try again.'),
      },
    );
  }

  return (
    <Tooltip label={reason} multiline w={260}>
      <div>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconSend size={12} />}
          disabled={!rule || left > 0}
          loading={publish.isPending}
          onClick={run}
        >
          Publish {ctx.localeName}
        </Button>
      </div>
    </Tooltip>
  );
}
