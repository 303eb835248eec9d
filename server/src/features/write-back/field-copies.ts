import { isSeoFieldType } from '#contract/content-format/key-naming.ts';
import {
  assetAt,
  assetFieldCopy,
  assetKeyPlace,
  assetText,
  isAssetFieldType,
} from '../../storyblok-content/asset-fields.ts';
import { tableCellFieldType, tableCellName, tableCells, tableFieldCopy } from '../../storyblok-content/table-fields.ts';

/** What a key is written as: a field's whole value, or one part of an object field (SEO, image, table). */
interface KeyShape {
  key: string;
  fieldType: string;
}

/** The live source of a key in its field's value: the field itself, or the part of it the key stands for. */
export function liveSourceOf(item: KeyShape, fieldValue: unknown): unknown {
  if (isSeoFieldType(item.fieldType))
    return (fieldValue as Record<string, unknown> | undefined)?.[item.key.split(':')[3]!];
  if (isAssetFieldType(item.fieldType)) {
    const place = assetKeyPlace(item.key);
    return place ? (assetText(assetAt(fieldValue, place.item), place.part) ?? undefined) : undefined;
  }
  if (item.fieldType === tableCellFieldType) {
    return tableCells(fieldValue).find((cell) => cell.name === tableCellName(item.key))?.value;
  }
  return fieldValue;
}

/**
 * The language's value of a field once a key's translation is in it. A key that is a part of an object field
 * changes that part of the language's copy and keeps the rest: an SEO value's other texts, an asset field's
 * images (always the source's) and their other texts, a table's rows, columns and other cells.
 */
export function fieldWithTranslation(item: KeyShape, source: unknown, current: unknown, value: unknown): unknown {
  if (isSeoFieldType(item.fieldType)) {
    const base = current && typeof current === 'object' ? current : source;
    return { ...(base as Record<string, unknown>), [item.key.split(':')[3]!]: value };
  }
  if (isAssetFieldType(item.fieldType)) {
    const place = assetKeyPlace(item.key);
    return place && typeof value === 'string' ? assetFieldCopy(source, current, place, value) : current;
  }
  if (item.fieldType === tableCellFieldType) {
    return typeof value === 'string' ? tableFieldCopy(source, current, tableCellName(item.key), value) : current;
  }
  return value;
}

/** Whether the key's translation is written as a part of its field's value rather than the whole of it. */
export const isPartOfField = (fieldType: string) =>
  isSeoFieldType(fieldType) || isAssetFieldType(fieldType) || fieldType === tableCellFieldType;
