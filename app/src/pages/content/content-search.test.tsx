import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getFolder, getRootFolder, getStory, type FolderResponse, type StoryListItem } from '#contract/content.ts';
import { searchContent, type SearchStory } from '#contract/content-search.ts';
import type { SpaceLocale } from '#contract/spaces.ts';
import { fakeApi } from '#kit/testing/fake-api.ts';
import { renderWithKit } from '#kit/testing/render-kit.tsx';
import { storyWith } from '#kit/testing/story-editor-fixtures.tsx';
import { StoryListPanel } from './story-list-panel.tsx';
import { useContentParams } from './use-content-params.ts';
import { useStoryFolder } from './use-story-folder.ts';

const locales = [{ id: 3, code: 'de', name: 'German' }] as SpaceLocale[];
const BLOG = 30;

const row = (id: number, name: string, overrides: Partial<StoryListItem> = {}): StoryListItem => ({
  id,
  name,
  slug: name.toLowerCase(),
  full_slug: name.toLowerCase(),
  is_folder: false,
  is_ignored: false,
  published: true,
  unpublished_changes: false,
  publication: 'published',
  translatable_keys_count: 0,
  missing_translated_keys_count: 0,
  missing_validated_translated_keys_count: 0,
  importing: false,
  write_back_failed: false,
  write_back_error: null,
  ...overrides,
});

const folder = (name: string, stories: StoryListItem[], breadcrumb: FolderResponse['breadcrumb'] = []) => ({
  name,
  parent_id: null,
  parent_name: null,
  total_stories: stories.length,
  breadcrumb,
  stories,
});

const cafeStory: SearchStory = {
  id: 12,
  name: 'Café corner',
  full_slug: 'blog/cafe-corner',
  folder_id: BLOG,
  match_count: 4,
  matches: [
    {
      id: 101,
      key: 'uid-1:text:title',
      value_text: 'The best CAFE in town',
      translated_key_value_text: 'Das beste Café der Stadt',
      status: 'unverified',
      is_outdated: true,
    },
  ],
};

function space() {
  return fakeApi()
    .on(getRootFolder, () =>
      folder('Site', [row(BLOG, 'Blog', { is_folder: true, publication: 'folder' }), row(11, 'Home')]),
    )
    .on(getFolder, () => folder('Blog', [row(12, 'Café corner')], [{ id: BLOG, name: 'Blog' }]))
    .on(searchContent, ({ query }) => ({
      stories: query.q === 'nothing' ? [] : [cafeStory],
      has_more: query.status === 'missing',
      checks_waiting: query.status === 'qa_problem',
    }))
    .on(getStory, ({ params }) => storyWith([], { id: params.storyId, folder_id: BLOG }));
}

function ContentScreen({ syncing = false }: { syncing?: boolean }) {
  const params = useContentParams(locales);
  useStoryFolder('de', params);
  const location = useLocation();
  return (
    <>
      <StoryListPanel
        spaceId={7}
        spaceName="Site"
        syncing={syncing}
        locale={locales[0]!}
        canTranslateFolder={false}
        params={params}
      />
      <output data-testid="url">{location.search}</output>
    </>
  );
}

function renderContent(api: ReturnType<typeof fakeApi>, search = '?locale=de', syncing = false) {
  return renderWithKit(
    <MemoryRouter initialEntries={[`/spaces/7/content${search}`]}>
      <Routes>
        <Route path="/spaces/:spaceId/content" element={<ContentScreen syncing={syncing} />} />
      </Routes>
    </MemoryRouter>,
    { api: api.client },
  );
}

const paramsOf = (link: Element) =>
  Object.fromEntries(new URL(link.getAttribute('href')!, 'http://polyblok.test').searchParams);
const url = () => new URLSearchParams(screen.getByTestId('url').textContent ?? '');
const box = () => screen.getByRole('textbox', { name: 'Search stories' });

describe('searching the content', () => {
  it('searches the whole space once typing pauses, keeps the words in the URL and marks the hits', async () => {
    const api = space();
    const { user } = renderContent(api);
    await screen.findByText('Home');

    await user.type(box(), 'cafe');
    const result = await screen.findByTestId('search-result');
    expect(api.callsTo(searchContent).map((call) => call.query)).toEqual([{ space_id: 7, locale: 'de', q: 'cafe' }]);
    expect(url().get('q')).toBe('cafe');
    expect([...result.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Café',
      'cafe',
      'CAFE',
      'Café',
    ]);
    expect(within(result).getByText('Unverified')).toBeVisible();
    expect(within(result).getByText('Outdated')).toBeVisible();
    expect(within(result).getByText('and 3 more keys')).toBeVisible();
    expect(screen.queryByText('Home')).not.toBeInTheDocument();
  });

  it('links each result and each story row to the story in its folder, and opens it in place', async () => {
    const { user } = renderContent(space(), '?locale=de&q=cafe');
    const result = await screen.findByTestId('search-result');
    // At its first matching key.
    expect(paramsOf(result)).toEqual({ locale: 'de', q: 'cafe', story: '12', folder: String(BLOG), key: '101' });

    await user.click(result);
    await waitFor(() => expect(url().get('story')).toBe('12'));
    expect(url().get('folder')).toBe(String(BLOG));
    expect(url().get('q')).toBe('cafe');
    expect(await screen.findByTestId('search-result')).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    const rows = await screen.findAllByTestId('story-row');
    expect(rows.map((link) => link.tagName)).toEqual(['A']);
    expect(paramsOf(rows[0]!)).toEqual({
      locale: 'de',
      story: '12',
      folder: String(BLOG),
    });
    expect(within(screen.getByRole('navigation', { name: 'Folder path' })).getByText('Blog')).toBeVisible();
  });

  it('filters by status alone, and a reload keeps the words and the status', async () => {
    const api = space();
    const { user } = renderContent(api);
    await screen.findByText('Home');
    await user.click(screen.getByRole('combobox', { name: 'Key status' }));
    await user.click(await screen.findByRole('option', { name: 'Outdated' }));
    await screen.findByTestId('search-result');
    expect(api.callsTo(searchContent).at(-1)!.query).toEqual({ space_id: 7, locale: 'de', status: 'outdated' });
    expect(url().get('status')).toBe('outdated');

    const reloaded = space();
    renderContent(reloaded, '?locale=de&q=cafe&status=missing');
    expect(await screen.findByText(/The first 50 stories are shown/)).toBeVisible();
    expect(screen.getAllByRole('textbox', { name: 'Search stories' }).at(-1)).toHaveValue('cafe');
    expect(reloaded.callsTo(searchContent).map((call) => call.query)).toEqual([
      { space_id: 7, locale: 'de', q: 'cafe', status: 'missing' },
    ]);
  });

  it('lists the stories with QA problems, and says when some translations still wait for their checks', async () => {
    const api = space();
    const { user } = renderContent(api);
    await screen.findByText('Home');
    await user.click(screen.getByRole('combobox', { name: 'Key status' }));
    await user.click(await screen.findByRole('option', { name: 'Has QA problems' }));
    await screen.findByTestId('search-result');
    expect(api.callsTo(searchContent).at(-1)!.query).toEqual({ space_id: 7, locale: 'de', status: 'qa_problem' });
    expect(screen.getByText(/Some translations are still being checked/)).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Key status' }));
    await user.click(await screen.findByRole('option', { name: 'Outdated' }));
    await waitFor(() =>
      expect(screen.queryByText(/Some translations are still being checked/)).not.toBeInTheDocument(),
    );
  });

  it('says when nothing matches, and opens a folder link of a story in that folder', async () => {
    const { user } = renderContent(space(), '?locale=de&story=12');
    await waitFor(() => expect(url().get('folder')).toBe(String(BLOG)));
    expect(url().get('story')).toBe('12');
    expect(await within(screen.getByRole('navigation', { name: 'Folder path' })).findByText('Blog')).toBeVisible();

    await user.type(box(), 'nothing');
    expect(await screen.findByText('No corresponding stories found')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to root' }));
    await screen.findByText('Home');
    expect(url().get('q')).toBeNull();
    expect(url().get('folder')).toBeNull();
    expect(url().get('story')).toBe('12');
  });
});

describe('changes of the address', () => {
  // The router shows a change a moment after it is asked for: words sent after their pause while a status is
  // being picked both arrive before it has, and neither may undo the other.
  function TwoChanges() {
    const params = useContentParams(locales);
    const location = useLocation();
    return (
      <>
        <button
          type="button"
          onClick={() => {
            params.setSearch({ status: 'unverified' });
            params.setSearch({ q: 'équipe' });
          }}
        >
          Both
        </button>
        <output data-testid="url">{location.search}</output>
      </>
    );
  }

  it('keeps both of two changes made before the first is shown', async () => {
    const { user } = renderWithKit(
      <MemoryRouter initialEntries={['/spaces/7/content?locale=de&status=missing']}>
        <Routes>
          <Route path="/spaces/:spaceId/content" element={<TwoChanges />} />
        </Routes>
      </MemoryRouter>,
      { api: fakeApi().client },
    );
    await user.click(screen.getByRole('button', { name: 'Both' }));
    await waitFor(() => expect(url().get('q')).toBe('équipe'));
    expect(url().get('status')).toBe('unverified');
    expect(url().get('locale')).toBe('de');
  });
});

describe('the story list during a sync', () => {
  it('shows the stories as the first sync lists them, without a reload', async () => {
    let listed: StoryListItem[] = [];
    const api = fakeApi().on(getRootFolder, () => folder('Site', listed));
    renderContent(api, '?locale=de', true);
    await waitFor(() => expect(api.callsTo(getRootFolder)).toHaveLength(1));
    expect(screen.queryByText('Home')).not.toBeInTheDocument();

    listed = [row(11, 'Home')];
    expect(await screen.findByText('Home', undefined, { timeout: 8_000 })).toBeVisible();
  });
});
