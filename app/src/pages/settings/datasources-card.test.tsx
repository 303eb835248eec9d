import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDatasourceMapping, setDatasourceDimension, type DatasourceMapping } from '#contract/datasources.ts';
import { fakeApi } from '#kit/testing/fake-api.ts';
import { renderWithKit } from '#kit/testing/render-kit.tsx';
import { DatasourcesCard } from './datasources-card.tsx';

function mappingWith(germanDimension: string | null, datasources = 2): DatasourceMapping {
  return {
    datasource_count: datasources,
    languages: [
      {
        space_locale_id: 11,
        code: 'de',
        name: 'German',
        dimension: germanDimension,
        datasources_with_dimension: germanDimension === 'de-at' ? 1 : 2,
      },
      { space_locale_id: 12, code: 'fr', name: 'French', dimension: null, datasources_with_dimension: 0 },
    ],
    dimensions: [
      { entry_value: 'de', names: ['German', 'Deutsch'], datasources: 2 },
      { entry_value: 'de-at', names: ['Austrian'], datasources: 1 },
    ],
  };
}

const select = (language: string) =>
  screen.getAllByLabelText(`Datasource dimension of ${language}`).find((element) => element.tagName === 'INPUT')!;

describe('the datasources card in Settings', () => {
  it('shows each language’s dimension, and an admin maps one to another', async () => {
    const api = fakeApi()
      .on(getDatasourceMapping, () => mappingWith(null))
      .on(setDatasourceDimension, ({ body }) => mappingWith(body.dimension));
    const { user } = renderWithKit(<DatasourcesCard spaceId={4} admin />, { api: api.client });
    expect(await screen.findByText(/2 datasources have dimensions/)).toBeVisible();
    expect(select('German')).toHaveValue('de (German, Deutsch)');
    // French has no dimension in any datasource: its entries have no translations to read.
    expect(select('French')).toHaveValue('fr');
    expect(screen.getByText('No datasource has it')).toBeVisible();
    await user.click(select('German'));
    await user.click(await screen.findByRole('option', { name: 'de-at (Austrian)' }));
    await waitFor(() => expect(api.callsTo(setDatasourceDimension)).toHaveLength(1));
    expect(api.callsTo(setDatasourceDimension)[0]!.body).toEqual({ space_locale_id: 11, dimension: 'de-at' });
    await waitFor(() => expect(select('German')).toHaveValue('de-at (Austrian)'));
    expect(screen.getByText('1 of 2 datasources')).toBeVisible();
  });

  it('is read-only for members who are not admins', async () => {
    const api = fakeApi().on(getDatasourceMapping, () => mappingWith('de-at'));
    renderWithKit(<DatasourcesCard spaceId={4} admin={false} />, { api: api.client });
    await waitFor(() => expect(select('German')).toHaveValue('de-at (Austrian)'));
    expect(select('German')).toHaveAttribute('readonly');
  });

  it('is absent where no datasource has dimensions', async () => {
    const api = fakeApi().on(getDatasourceMapping, () => mappingWith(null, 0));
    renderWithKit(<DatasourcesCard spaceId={5} admin />, { api: api.client });
    await waitFor(() => expect(api.callsTo(getDatasourceMapping)).toHaveLength(1));
    // Once the answer is in, nothing is drawn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Datasources' })).toBeNull();
    expect(screen.queryByLabelText('Datasource dimension of German')).toBeNull();
  });
});
