/**
 * What the XLIFF export and import agree on with the browser, without zod so the browser can import it: the
 * media type, the largest file the import reads, and why a unit of a file was not applied.
 */

export const XLIFF_MEDIA_TYPE = 'application/xliff+xml';

/** The import's body limit: a whole space of text fits many times over, a file far larger is refused unread. */
export const XLIFF_MAX_BYTES = 10 * 1024 * 1024;

/** The XLIFF 2.0 core namespace, the only version the import reads. */
export const XLIFF_NAMESPACE = 'urn:oasis:names:tc:xliff:document:2.0';

/**
 * Why a unit of an imported file was not applied: its source is not Polyblok's source any more, its target cannot
 * be stored (broken inline codes, blocks left out, empty), or no key of the space has its story and id.
 */
export const xliffSkipReasons = ['source_changed', 'invalid', 'unknown'] as const;
export type XliffSkipReason = (typeof xliffSkipReasons)[number];
