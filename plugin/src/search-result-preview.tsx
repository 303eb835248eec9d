import { useMemo } from 'react';
import {
  createMeasureText,
  DESCRIPTION_FONT,
  DESCRIPTION_MAX_WIDTH,
  TITLE_FONT,
  TITLE_MAX_WIDTH,
  truncateToWidth,
  type PreviewUrl,
} from './search-preview.ts';

export interface SearchResultPreviewProps {
  title: string;
  description: string;
  url: PreviewUrl;
}

/** The story as a desktop Google result: site, address, title and description cut where Google cuts them. */
export function SearchResultPreview({ title, description, url }: SearchResultPreviewProps) {
  const measureTitle = useMemo(() => createMeasureText(TITLE_FONT), []);
  const measureDescription = useMemo(() => createMeasureText(DESCRIPTION_FONT), []);
  const shownTitle = truncateToWidth(title, TITLE_MAX_WIDTH, measureTitle);
  const shownDescription = truncateToWidth(description, DESCRIPTION_MAX_WIDTH, measureDescription);

  return (
    <figure className="pb-preview">
      <figcaption className="pb-preview__caption">Search result preview</figcaption>
      <div className="pb-serp" data-testid="search-preview">
        <div className="pb-serp__site">
          <span className="pb-serp__icon" aria-hidden="true">
            {(url.siteName ?? '/').charAt(0).toUpperCase()}
          </span>
          <span className="pb-serp__where">
            {url.siteName && <span className="pb-serp__name">{url.siteName}</span>}
            <cite className="pb-serp__url">{url.breadcrumb}</cite>
          </span>
        </div>
        <div className={shownTitle ? 'pb-serp__title' : 'pb-serp__title pb-serp__title--missing'}>
          {shownTitle || 'No title: Google shows the page’s own title'}
        </div>
        <p className={shownDescription ? 'pb-serp__description' : 'pb-serp__description pb-serp__description--missing'}>
          {shownDescription || 'No description: Google picks a passage of the page.'}
        </p>
      </div>
      {!url.siteName && (
        <p className="pb-hint">
          To preview the full address, give this field the option <code>site_url</code> (your site’s address) in
          Storyblok.
        </p>
      )}
    </figure>
  );
}
