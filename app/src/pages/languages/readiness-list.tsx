import { Alert, Anchor, Badge, Button, Checkbox, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { IncompleteKey } from '#contract/errors.ts';
import type { ReadinessStory } from '#contract/publishing.ts';
import { describeRequirement, type LanguagePublication } from '#contract/publish-rules.ts';
import { formatQuantity } from '#contract/quantity.ts';
import { ApiError } from '#kit/api/api-client.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { CompletionBar } from '#kit/components/completion-bar.tsx';
import { errorMessage, notifyError, notifySuccess } from '#kit/components/notify.ts';
import { completionPercent } from '#kit/format/completion.ts';
import { READINESS_PAGE_SIZE, readinessQueryOptions, usePublishStory } from '#kit/data/publishing.queries.ts';
import { PublishRefusal } from './publish-refusal.tsx';

const publicationBadge: Record<LanguagePublication, { label: string; color: string }> = {
  published: { label: 'Published', color: 'green' },
  unpublished_changes: { label: 'Unpublished changes', color: 'orange' },
  never: { label: 'Not published', color: 'gray' },
};

const ready = (story: ReadinessStory) => story.complete && story.publication !== 'published';

export interface ReadinessListProps {
  spaceId: number;
  locale: { id: number; code: string; name: string };
  /** Editors and up publish; everyone else reads. */
  canPublish: boolean;
}

interface Refusal {
  storyId: number;
  message: string;
  keys: IncompleteKey[];
}

/**
 * A language's stories, ready to publish first, each with how complete it is by the space's rule and whether the
 * language is published in Storyblok; editors publish one story or a selection, and a refusal lists the keys
 * to finish, each a link into the editor.
 */
export function ReadinessList({ spaceId, locale, canPublish }: ReadinessListProps) {
  const api = useApi();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const readiness = useQuery(readinessQueryOptions(api, spaceId, locale.id, page));
  const publish = usePublishStory(spaceId);
  const storyHref = (storyId: number, code = locale.code, keyId?: number) =>
    `/spaces/${spaceId}/content?locale=${encodeURIComponent(code)}&story=${storyId}${keyId ? `&key=${keyId}` : ''}`;

  async function publishStories(stories: ReadinessStory[]) {
    setRefusal(null);
    setBusy(new Set(stories.map((story) => story.id)));
    const done: string[] = [];
    for (const story of stories) {
      try {
        await publish.mutateAsync({ storyId: story.id, spaceLocaleIds: [locale.id] });
        done.push(story.name);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'translation_incomplete') {
          setRefusal({ storyId: story.id, message: error.message, keys: error.incompleteKeys });
        } else if (error instanceof ApiError && error.code === 'publishing_individually_off') {
          setRefusal({ storyId: story.id, message: error.message, keys: [] });
        } else {
          notifyError(`“${story.name}” not published`, error, 'Publishing failed; please try again.');
        }
        break;
      }
    }
    setBusy(new Set());
    setSelected(new Set());
    if (done.length > 0) {
      const what = done.length === 1 ? `“${done[0]}”` : formatQuantity(done.length, 'story', 'stories');
      notifySuccess('Published', `${what} published in ${locale.name} in Storyblok.`);
    }
  }

  if (readiness.isError) {
    return (
      <Alert color="red" variant="light" title="The stories could not be loaded">
        {errorMessage(readiness.error, 'Please try again.')}
      </Alert>
    );
  }
  if (!readiness.data) return <Skeleton h={240} />;
  const data = readiness.data;
  const pages = Math.max(1, Math.ceil(data.metadata.total / READINESS_PAGE_SIZE));
  const selectable = data.stories.filter(ready);
  const rule = data.publish_requires;
  const toggle = (storyId: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(storyId);
      else next.delete(storyId);
      return next;
    });

  return (
    <Stack gap="sm">
      {data.publishes_languages_individually === false && (
        <Alert color="yellow" variant="light" title="“Publish translations individually” is off in Storyblok">
          This Storyblok space publishes every language of a story together, so Polyblok cannot publish {locale.name}{' '}
          alone. An admin of the Storyblok space turns it on in Storyblok: Settings → Internationalization → Publish
          translations individually.
        </Alert>
      )}
      {refusal && (
        <PublishRefusal
          message={refusal.message}
          keys={refusal.keys}
          keyHref={(key) => storyHref(refusal.storyId, key.locale, key.id)}
          onClose={() => setRefusal(null)}
        />
      )}
      <Group justify="space-between" wrap="wrap">
        <Text fz="sm" c="dimmed">
          {formatQuantity(data.ready_count, 'story', 'stories')} ready to publish · a story is ready with{' '}
          {describeRequirement(rule)}
        </Text>
        {canPublish && (
          <Button
            size="xs"
            disabled={selected.size === 0 || busy.size > 0}
            loading={busy.size > 1}
            onClick={() => void publishStories(data.stories.filter((story) => selected.has(story.id)))}
          >
            Publish selected ({selected.size})
          </Button>
        )}
      </Group>
      {data.stories.length === 0 ? (
        <Text c="dimmed" fz="sm" ta="center" py={32}>
          No corresponding stories found
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" aria-label={`Stories in ${locale.name}`}>
            <Table.Thead>
              <Table.Tr>
                {canPublish && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Select every ready story"
                      checked={selectable.length > 0 && selectable.every((story) => selected.has(story.id))}
                      disabled={selectable.length === 0}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        setSelected(new Set(on ? selectable.map((story) => story.id) : []));
                      }}
                    />
                  </Table.Th>
                )}
                <Table.Th>Story</Table.Th>
                <Table.Th w="30%">Completion</Table.Th>
                <Table.Th>In Storyblok</Table.Th>
                {canPublish && <Table.Th w={110} aria-label="Publish" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.stories.map((story) => {
                const done = rule === 'translated' ? story.translated : story.verified;
                const badge = publicationBadge[story.publication];
                return (
                  <Table.Tr key={story.id}>
                    {canPublish && (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${story.name}`}
                          checked={selected.has(story.id)}
                          disabled={!ready(story)}
                          onChange={(event) => toggle(story.id, event.currentTarget.checked)}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Anchor component={Link} to={storyHref(story.id)} fz="sm" fw={600}>
                        {story.name}
                      </Anchor>
                      <Text fz="xs" c="dimmed">
                        /{story.full_slug} · {done} of {formatQuantity(story.keys, 'key', 'keys')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <CompletionBar
                        value={story.keys === 0 ? 100 : completionPercent(done, story.keys)}
                        label={`Completion of ${story.name} in ${locale.name}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="dot" color={badge.color}>
                        {badge.label}
                      </Badge>
                    </Table.Td>
                    {canPublish && (
                      <Table.Td>
                        <Button
                          size="xs"
                          variant={ready(story) ? 'filled' : 'default'}
                          aria-label={`Publish ${story.name} in ${locale.name}`}
                          loading={busy.has(story.id)}
                          disabled={busy.size > 0}
                          onClick={() => void publishStories([story])}
                        >
                          Publish
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          // A selection is of the stories shown: another page starts with none.
          onChange={(next) => {
            setSelected(new Set());
            setPage(next);
          }}
          size="sm"
        />
      )}
    </Stack>
  );
}
