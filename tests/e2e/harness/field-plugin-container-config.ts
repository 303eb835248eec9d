import type { Asset, FieldPluginOption, StoryData } from '@storyblok/field-plugin';

/** What the test container page plays: one story, one plugin field in one blok, one editor language. */
export interface ContainerConfig {
  /** The page of the plugin; the container adds Storyblok's query parameters. */
  pluginUrl: string;
  uid: string;
  /** `''` for the default language (what Storyblok sends), else a language code. */
  language: string;
  /** The field's name in the blok: the value lives at `<field>` or `<field>__i18n__<language>`. */
  field: string;
  blockId: string;
  story: StoryData & { id: number };
  translatable: boolean;
  options: FieldPluginOption[];
  /** What the asset selector offers. */
  assets: Asset[];
}

/** What the container page records, read by the tests with `window.fieldPluginContainer`. */
export interface ContainerRecord {
  /** Messages from the plugin that passed the origin and uid checks, in order. */
  received: Array<Record<string, unknown>>;
  /** Messages the container posted to the plugin, in order. */
  sent: Array<Record<string, unknown>>;
  /** Messages dropped for their origin or uid. */
  ignored: number;
  model: unknown;
  isModalOpen: boolean;
  height: number | null;
}
