import type { FieldPluginActions, FieldPluginData } from '@storyblok/field-plugin';
import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE } from './default-language.ts';
import { seoTextLimits, type SeoContent, type SeoImageField, type SeoTextField } from './seo-content.ts';
import { SeoImageField as ImageField } from './seo-image-field.tsx';
import type { SeoSession } from './seo-plugin-session.ts';
import { SeoTextField as TextField } from './seo-text-field.tsx';
import { SearchResultPreview } from './search-result-preview.tsx';
import { previewUrl } from './search-preview.ts';
import { SocialCardPreview } from './social-card-preview.tsx';
import { useDefaultLanguageValue } from './use-default-language.ts';

interface SectionSpec {
  heading: string;
  /** Prefix of the inputs' accessible names ("Open Graph Title"); empty for the search fields. */
  context: string;
  title: SeoTextField;
  description: SeoTextField;
  image: SeoImageField | null;
  cutBy: string;
  caption: string;
}

const sections: SectionSpec[] = [
  {
    heading: 'Search engines',
    context: '',
    title: 'title',
    description: 'description',
    image: null,
    cutBy: 'search engines',
    caption: '',
  },
  {
    heading: 'Open Graph · Facebook, LinkedIn',
    context: 'Open Graph',
    title: 'og_title',
    description: 'og_description',
    image: 'og_image',
    cutBy: 'social networks',
    caption: 'Shared link preview',
  },
  {
    heading: 'X (Twitter) card',
    context: 'X',
    title: 'twitter_title',
    description: 'twitter_description',
    image: 'twitter_image',
    cutBy: 'X and other readers of its card',
    caption: 'X card preview',
  },
];

const expandIcon = 'M2 2h5v1.5H4.6l3 3-1.1 1.1-3-3V7H2zm12 12H9v-1.5h2.4l-3-3 1.1-1.1 3 3V9H14z';
const collapseIcon = 'M7 7H2V5.5h2.4l-3-3L2.5 1.4l3 3V2H7zm2 2h5v1.5h-2.4l3 3-1.1 1.1-3-3V14H9z';

function sentence(parts: readonly string[]): string {
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export interface SeoEditorProps {
  data: FieldPluginData<SeoContent>;
  actions: FieldPluginActions<SeoContent>;
  session: SeoSession;
}

export function SeoEditor({ data, actions, session }: SeoEditorProps) {
  const { draft, repairs } = session;
  const content = useSyncExternalStore(draft.subscribe, draft.get);
  const defaults = useDefaultLanguageValue(data, actions);
  const translated = data.storyLang !== DEFAULT_LANGUAGE;
  const url = previewUrl(data.story, data.storyLang, data.options.site_url ?? '');

  const chooseImage = async (field: SeoImageField) => {
    const asset = await actions.selectAsset();
    draft.edit({ [field]: asset.filename });
  };

  return (
    <div className={data.isModalOpen ? 'pb-seo pb-seo--modal' : 'pb-seo'}>
      <header className="pb-header">
        <div className="pb-header__title">
          {/* Storyblok labels the field above the iframe; only its modal lacks a heading. */}
          {data.isModalOpen && <span className="pb-heading">SEO</span>}
          {translated && <span className="pb-language">{data.storyLang.toUpperCase()}</span>}
        </div>
        <button
          type="button"
          className="pb-button pb-button--quiet pb-button--small"
          onClick={() => void actions.setModalOpen(!data.isModalOpen)}
        >
          <svg className="pb-icon" viewBox="0 0 16 16" aria-hidden="true">
            <path d={data.isModalOpen ? collapseIcon : expandIcon} />
          </svg>
          {data.isModalOpen ? 'Close full screen' : 'Full screen'}
        </button>
      </header>

      {repairs.length > 0 && (
        <div className="pb-notice pb-notice--warning" role="status">
          <strong>The stored SEO value was repaired.</strong> {sentence(repairs)} Save the story to keep the repair.
        </div>
      )}
      {translated && !data.translatable && (
        <div className="pb-notice" role="status">
          This field is not translatable: what you change here changes every language.
        </div>
      )}
      {translated && data.translatable && (
        <div className="pb-notice" role="status">
          {defaults
            ? `Translating into ${data.storyLang.toUpperCase()}: the default-language text is under each field.`
            : `Translating into ${data.storyLang.toUpperCase()}: the default-language value of this field was not found in the story.`}
        </div>
      )}

      {sections.map((section) => {
        const title = content[section.title];
        const description = content[section.description];
        const imageField = section.image;
        const image = imageField ? content[imageField] : '';
        return (
          <section key={section.heading} className="pb-section" aria-label={section.heading}>
            <h2 className="pb-section__heading">{section.heading}</h2>
            <div className="pb-section__body">
              <div className="pb-section__fields">
                <TextField
                  label="Title"
                  context={section.context}
                  value={title}
                  limit={seoTextLimits[section.title]}
                  cutBy={section.cutBy}
                  defaultValue={defaults?.[section.title]}
                  onChange={(value) => draft.edit({ [section.title]: value })}
                />
                <TextField
                  label="Description"
                  context={section.context}
                  value={description}
                  limit={seoTextLimits[section.description]}
                  cutBy={section.cutBy}
                  multiline
                  defaultValue={defaults?.[section.description]}
                  onChange={(value) => draft.edit({ [section.description]: value })}
                />
                {imageField && (
                  <ImageField
                    context={section.context}
                    value={image}
                    defaultValue={defaults?.[imageField]}
                    onChoose={() => chooseImage(imageField)}
                    onChange={(value) => draft.edit({ [imageField]: value })}
                  />
                )}
              </div>
              <div className="pb-section__preview">
                {imageField ? (
                  <SocialCardPreview
                    caption={section.caption}
                    siteName={url.siteName}
                    title={title}
                    description={description}
                    image={image}
                  />
                ) : (
                  <SearchResultPreview title={title} description={description} url={url} />
                )}
              </div>
            </div>
          </section>
        );
      })}
    </div>
  );
}
