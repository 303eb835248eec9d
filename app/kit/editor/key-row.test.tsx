import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveTranslation } from '#contract/content-writes.ts';
import { fail } from '../testing/fake-api.ts';
import {
  renderStoryEditor,
  statusShown,
  storyApi,
  textKey,
  SPACE_LOCALE_ID,
  STORY_ID,
} from '../testing/story-editor-fixtures.tsx';

const headline = 'teaser › headline';
const row = (path = headline) => screen.findByRole('group', { name: path });
const target = async (path = headline) =>
  within(await row(path)).getByRole('textbox', { name: `Translation of ${path}` });

describe('KeyRow', () => {
  it('shows an alt text beside a small copy of its image, and a table cell by its place', async () => {
    const image = 'https://a.storyblok.com/f/100001/800x600/501/photo.jpg';
    const api = storyApi([
      textKey(
        'missing',
        { component: 'gallery', field: 'hero', source: 'A lighthouse at dusk' },
        { field_type: 'special_polyblok_asset_alt', image_url: image, key: 'g1:gallery:hero:alt' },
      ),
      textKey(
        'missing',
        { component: 'gallery', field: 'prices', source: 'Night tour' },
        { field_type: 'special_polyblok_table_cell', table_cell: { row: 2, column: 1 }, key: 'g1:gallery:prices:c1' },
      ),
    ]);
    renderStoryEditor(api);

    const alt = await row('gallery › hero › alt text');
    expect(within(alt).getByText('Alt text')).toBeVisible();
    expect(within(alt).getByTestId('key-image')).toHaveAttribute('src', `${image}/m/160x0`);
    expect(within(alt).getByRole('link', { name: 'Open the image' })).toHaveAttribute('href', image);
    const cell = await row('gallery › prices › row 2, column 1');
    expect(within(cell).getByText('Table cell')).toBeVisible();
    expect(within(cell).queryByTestId('key-image')).toBeNull();
  });

  it('shows the source beside an empty translation waiting to be written', async () => {
    const api = storyApi([textKey('missing', { source: 'Welcome to our shop' })]);
    renderStoryEditor(api);

    const found = await row();
    expect(within(found).getByText('Welcome to our shop')).toBeVisible();
    expect(statusShown(found)).toBe('Missing');
    const input = await target();
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('placeholder', 'Translate into German…');
    expect(within(found).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('marks typed text as unsaved and saves it, verified against the source', async () => {
    const key = textKey('missing', { source: 'Welcome' });
    const api = storyApi([key]);
    const { user } = renderStoryEditor(api);

    await user.type(await target(), 'Willkommen');
    const found = await row();
    expect(within(found).getByText('Unsaved')).toBeVisible();
    await user.click(within(found).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(statusShown(found)).toBe('Verified'));
    expect(within(found).getByRole('switch', { name: 'Verified' })).toBeChecked();
    expect(within(found).queryByText('Unsaved')).not.toBeInTheDocument();
    expect(api.callsTo(saveTranslation).map((call) => call.body)).toEqual([
      {
        key: key.key,
        story_id: STORY_ID,
        space_locale_id: SPACE_LOCALE_ID,
        field_type: 'text',
        value: 'Willkommen',
        reference_hash: key.hash,
        // Nothing was saved when the translator began: a colleague's translation meanwhile would refuse this.
        base_updated_at: null,
      },
    ]);
  });

  it('puts the saved translation back when the change is reverted', async () => {
    const { user } = renderStoryEditor(storyApi([textKey('unverified', { translation: 'Hallo Welt' })]));

    const input = await target();
    expect(input).toHaveValue('Hallo Welt');
    await user.type(input, '!');
    expect(input).toHaveValue('Hallo Welt!');
    await user.click(within(await row()).getByRole('button', { name: 'Revert' }));

    expect(input).toHaveValue('Hallo Welt');
    expect(within(await row()).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('copies the source into the translation as a starting point', async () => {
    const { user } = renderStoryEditor(storyApi([textKey('missing', { source: 'Summer sale' })]));

    await user.click(within(await row()).getByRole('button', { name: 'Copy source' }));

    expect(await target()).toHaveValue('Summer sale');
    expect(within(await row()).getByText('Unsaved')).toBeVisible();
  });

  it.each([
    fail(409, 'source_changed', 'The source changed while you were translating.'),
    fail(503, 'database_unavailable', 'Polyblok cannot reach its database right now, so nothing was changed.'),
  ])('keeps the text and shows the server’s reason when a save fails with $code', async (failure) => {
    const api = storyApi([textKey('missing')]).on(saveTranslation, () => failure);
    const { user } = renderStoryEditor(api);

    await user.type(await target(), 'Hallo');
    await user.click(within(await row()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Translation not saved')).toBeVisible();
    expect(screen.getByText(failure.message)).toBeVisible();
    expect(await target()).toHaveValue('Hallo');
    expect(within(await row()).getByText('Unsaved')).toBeVisible();
  });

  it('lets a viewer read the translation without changing it', async () => {
    renderStoryEditor(storyApi([textKey('missing')]), { role: 'viewer' });

    const input = await target();
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveAttribute('placeholder', 'No translation yet');
    expect(within(await row()).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(await row()).queryByRole('button', { name: 'AI translate' })).not.toBeInTheDocument();
  });

  it('saves with Ctrl+Enter and moves on to the next key', async () => {
    const api = storyApi([
      textKey('missing', { field: 'headline' }),
      textKey('missing', { field: 'subline', source: 'Fresh every day' }),
    ]);
    const { user } = renderStoryEditor(api);

    await user.type(await target(), 'Hallo');
    await user.keyboard('{Control>}{Enter}{/Control}');

    const next = await target('teaser › subline');
    await waitFor(() => expect(next).toHaveFocus());
    expect(api.callsTo(saveTranslation).map((call) => call.body.value)).toEqual(['Hallo']);
  });

  it('copies the source with Alt+C and goes to the next key with Alt+↓', async () => {
    const { user } = renderStoryEditor(
      storyApi([textKey('missing', { source: 'Good morning' }), textKey('missing', { field: 'subline' })]),
    );

    await user.click(await target());
    await user.keyboard('{Alt>}c{/Alt}');
    expect(await target()).toHaveValue('Good morning');

    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    const next = await target('teaser › subline');
    await waitFor(() => expect(next).toHaveFocus());
  });
});
