import { seoTextSubfields } from '#contract/content-format/seo-subfields.ts';
/** The field type name the plugin is deployed under, also written into its value to say what made it. */
export const seoPluginName = 'polyblok-seo';

/** The text sub-fields, the very list the sync reads as `special_polyblok_seo_<subfield>` keys. */
export const seoTextFields = seoTextSubfields;

/** Image URLs: shared by every language unless an editor changes them in a translation. */
export const seoImageFields = ['og_image', 'twitter_image'] as const;

export type SeoTextField = (typeof seoTextFields)[number];
export type SeoImageField = (typeof seoImageFields)[number];
export type SeoField = SeoTextField | SeoImageField;

export const seoFields: readonly SeoField[] = [...seoTextFields, ...seoImageFields];

export type SeoContent = Record<SeoField, string> & {
  plugin: typeof seoPluginName;
  /** Storyblok gives stored plugin values a `_uid`; it is kept so the value stays the same object. */
  _uid?: string;
};

/**
 * Lengths past which the text is cut off where it is shown. Title and description: Google's results
 * (about 600 px of title, 920 px of description on desktop). Open Graph: Facebook and LinkedIn cut
 * titles near 90 and descriptions near 200 characters. X: its card markup allows 70 and 200.
 */
export const seoTextLimits: Record<SeoTextField, number> = {
  title: 60,
  description: 160,
  og_title: 90,
  og_description: 200,
  twitter_title: 70,
  twitter_description: 200,
};

/** How editors know the sub-fields, for messages about them. */
export const seoFieldLabels: Record<SeoField, string> = {
  title: 'the title',
  description: 'the description',
  og_title: 'the Open Graph title',
  og_description: 'the Open Graph description',
  og_image: 'the Open Graph image',
  twitter_title: 'the X title',
  twitter_description: 'the X description',
  twitter_image: 'the X image',
};

/** Keys Storyblok or an earlier version may put in the value besides the SEO fields. */
const keptKeys = new Set(['plugin', '_uid']);

export function emptySeoContent(): SeoContent {
  return {
    plugin: seoPluginName,
    title: '',
    description: '',
    og_title: '',
    og_description: '',
    og_image: '',
    twitter_title: '',
    twitter_description: '',
    twitter_image: '',
  };
}

/** Characters as a reader counts them: an emoji or an accented letter made of two code units is one. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads one sub-field, keeping whatever text it holds; `problem` says what had to change. */
function readField(field: SeoField, value: unknown): { text: string; problem?: string } {
  const name = seoFieldLabels[field];
  if (value === undefined || value === null || typeof value === 'string') return { text: value ?? '' };
  if (typeof value === 'number' || typeof value === 'bigint') {
    return { text: String(value), problem: `${name} was a number and is now text` };
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return { text: value.join(' '), problem: `${name} was a list of texts and is now one text` };
  }
  // An asset object, as Storyblok's asset field stores it, in place of an image URL.
  if ((seoImageFields as readonly string[]).includes(field) && isRecord(value) && typeof value.filename === 'string') {
    return { text: value.filename, problem: `${name} was an asset object and is now its address` };
  }
  const kind = Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
  return { text: '', problem: `${name} held no text (${kind}) and was cleared` };
}

/**
 * `validateContent` of the field plugin: turns any stored value into a complete SEO value without
 * losing its text. `repairs` lists what changed; an empty or missing value is not a repair (a story
 * whose SEO field was never filled in).
 */
export function validateSeoContent(value: unknown): { content: SeoContent; repairs: string[] } {
  const content = emptySeoContent();
  if (value === undefined || value === null || value === '') return { content, repairs: [] };
  if (typeof value === 'string') {
    return { content: { ...content, title: value }, repairs: ['the value was a text and is now the title'] };
  }
  if (!isRecord(value)) {
    const kind = Array.isArray(value) ? 'a list' : typeof value;
    return { content, repairs: [`the value was ${kind} instead of an object and was replaced by an empty one`] };
  }

  const repairs: string[] = [];
  for (const field of seoFields) {
    const { text, problem } = readField(field, value[field]);
    content[field] = text;
    if (problem) repairs.push(problem);
  }
  if (typeof value._uid === 'string') content._uid = value._uid;
  if (value.plugin !== undefined && value.plugin !== seoPluginName) {
    repairs.push(`plugin was ${JSON.stringify(value.plugin)} and is now "${seoPluginName}"`);
  }
  const unknown = Object.keys(value).filter((key) => !keptKeys.has(key) && !(seoFields as string[]).includes(key));
  if (unknown.length > 0) repairs.push(`removed unknown keys: ${unknown.join(', ')}`);
  return { content, repairs };
}

/** Same SEO text and images, whatever `_uid` or key order. */
export function sameSeoValues(a: SeoContent, b: SeoContent): boolean {
  return seoFields.every((field) => a[field] === b[field]);
}

/** Social networks fetch the image themselves, so it must be an absolute web address. */
export function isUsableImageUrl(url: string): boolean {
  if (url === '') return true;
  if (url.startsWith('//')) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
