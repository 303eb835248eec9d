import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getReadiness, publishStory, type ReadinessStory } from '#contract/publishing.ts';
import { fail, fakeApi } from '#kit/testing/fake-api.ts';
import { renderWithKit } from '#kit/testing/render-kit.tsx';
import { ReadinessList } from './readiness-list.tsx';

const german = { id: 3, code: 'de', name: 'German' };

const story = (id: number, overrides: Partial<ReadinessStory>): ReadinessStory => ({
  id,
  name: `Story ${id}`,
  full_slug: `story-${id}`,
  keys: 4,
  translated: 4,
  verified: 4,
  complete: true,
  publication: 'never',
  published_at: null,
  ...overrides,
});

const stories = [
  story(1, { name: 'Home' }),
  story(2, { name: 'About', publication: 'unpublished_changes', published_at: '2026-11-20T10:00:00.000Z' }),
  story(3, { name: 'Team', verified: 2, complete: false }),
  story(4, { name: 'Blog', publication: 'published', published_at: '2026-11-21T10:00:00.000Z' }),
];

function readinessApi(individually: boolean | null = true) {
  return fakeApi().on(getReadiness, ({ query }) => ({
    locale: german,
    publish_requires: 'verified' as const,
    publishes_languages_individually: individually,
    ready_count: 2,
    stories: query.page === 1 ? stories : [],
    metadata: { total: stories.length, page: query.page, per_page: query.per_page },
  }));
}

function render(api: ReturnType<typeof fakeApi>, canPublish = true) {
  return renderWithKit(
    <MemoryRouter>
      <ReadinessList spaceId={7} locale={german} canPublish={canPublish} />
    </MemoryRouter>,
    { api: api.client },
  );
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

describe('the stories ready to publish in a language', () => {
  it('lists each story with its completion by the rule and its state in Storyblok', async () => {
    render(readinessApi());
    await screen.findByRole('table', { name: 'Stories in German' });
    expect(screen.getByText(/2 stories ready to publish · a story is ready with every key verified/)).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Completion of Team in German' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(rowOf('Home')).getByText('Not published')).toBeVisible();
    expect(within(rowOf('About')).getByText('Unpublished changes')).toBeVisible();
    expect(within(rowOf('Blog')).getByText('Published')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/spaces/7/content?locale=de&story=3');
    // Only ready stories can be selected.
    expect(screen.getByRole('checkbox', { name: 'Select Team' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select Blog' })).toBeDisabled();
    expect(screen.queryByText(/Publish translations individually/)).toBeNull();
  });

  it('publishes the stories selected, one after the other, in the language', async () => {
    const api = readinessApi().on(publishStory, ({ body }) => ({
      story_id: body.story_id,
      languages: [{ space_locale_id: german.id, code: 'de', publication: 'published' as const, published_at: null }],
    }));
    const { user } = render(api);
    await screen.findByRole('table', { name: 'Stories in German' });
    await user.click(screen.getByRole('checkbox', { name: 'Select every ready story' }));
    await user.click(screen.getByRole('button', { name: 'Publish selected (2)' }));
    expect(await screen.findByText('2 stories published in German in Storyblok.')).toBeVisible();
    expect(api.callsTo(publishStory).map((call) => call.body)).toEqual([
      { story_id: 1, space_locale_ids: [3] },
      { story_id: 2, space_locale_ids: [3] },
    ]);
  });

  it('shows a refusal with the keys to finish, each a link into the editor at that key', async () => {
    const refusal = fail(
      409,
      'translation_incomplete',
      '“Team” cannot be published in German yet: 2 keys are not verified.',
    );
    refusal.incompleteKeys = [
      {
        id: 41,
        space_locale_id: 3,
        locale: 'de',
        key: 'u1:page:title',
        field_path: 'page › title',
        status: 'unverified',
      },
      {
        id: 42,
        space_locale_id: 3,
        locale: 'de',
        key: 'u2:teaser:text',
        field_path: 'teaser › text',
        status: 'missing',
      },
    ];
    const { user } = render(readinessApi().on(publishStory, () => refusal));
    await screen.findByRole('table', { name: 'Stories in German' });
    await user.click(screen.getByRole('button', { name: 'Publish Team in German' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('2 keys are not verified');
    const keys = within(alert).getByRole('list', { name: 'Keys to finish' });
    expect(
      within(keys)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['page › title (de, not verified)', 'teaser › text (de, missing)']);
    expect(within(keys).getByRole('link', { name: 'teaser › text' })).toHaveAttribute(
      'href',
      '/spaces/7/content?locale=de&story=3&key=42',
    );
  });

  it('says how to turn on publishing languages individually when Storyblok has it off', async () => {
    render(readinessApi(false));
    expect(
      await screen.findByText(/Settings → Internationalization → Publish translations individually/),
    ).toBeVisible();
  });

  it('offers no publishing to those who may not publish', async () => {
    render(readinessApi(), false);
    await screen.findByRole('table', { name: 'Stories in German' });
    expect(screen.queryByRole('button', { name: /Publish/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
