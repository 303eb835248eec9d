import { z } from 'zod';
import { FakeDataError } from './read-data-dir.ts';
import { unprocessable } from './http-kit.ts';

/** A dimension of a datasource: one more value per entry, usually one per language (`entry_value` its code). */
export interface DimensionRecord {
  id: number;
  name: string;
  entry_value: string;
  datasource_id: number;
  created_at: string;
  updated_at: string;
}

export interface DatasourceEntryRecord {
  id: number;
  name: string;
  value: string;
  /** The entry's value in each dimension that has one, by the dimension's id. */
  dimension_values: Record<string, string>;
}

export interface DatasourceRecord {
  id: number;
  name: string;
  slug: string;
  dimensions: DimensionRecord[];
  entries: DatasourceEntryRecord[];
}

const id = z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]);
const stamp = '2024-01-01T00:00:00.000Z';

const datasourcesSchema = z.array(
  z.looseObject({
    id,
    name: z.string().min(1),
    slug: z.string().min(1),
    dimensions: z
      .array(z.looseObject({ id, name: z.string(), entry_value: z.string().min(1) }))
      .optional()
      .default([]),
    entries: z
      .array(
        z.looseObject({
          id,
          name: z.string(),
          value: z.string(),
          dimension_values: z.record(z.string(), z.string()).optional().default({}),
        }),
      )
      .optional()
      .default([]),
  }),
);

/** `spaces/<id>/datasources.json`: an array of datasources as the MAPI answers them, each with its `entries`. */
export function normalizeDatasources(raw: unknown, file: string): DatasourceRecord[] {
  if (raw === undefined) return [];
  const parsed = datasourcesSchema.safeParse(raw);
  if (!parsed.success) throw new FakeDataError(file, parsed.error.issues[0]?.message ?? 'invalid datasources');
  return parsed.data.map((source) => ({
    id: source.id,
    name: source.name,
    slug: source.slug,
    dimensions: source.dimensions.map((dimension) => ({
      id: dimension.id,
      name: dimension.name,
      entry_value: dimension.entry_value,
      datasource_id: source.id,
      created_at: stamp,
      updated_at: stamp,
    })),
    entries: source.entries.map((entry) => ({
      id: entry.id,
      name: entry.name,
      value: entry.value,
      dimension_values: { ...entry.dimension_values },
    })),
  }));
}

/** A datasource as `GET /v1/spaces/:id/datasources` lists it: without its entries. */
export function datasourceView(source: DatasourceRecord) {
  return { id: source.id, name: source.name, slug: source.slug, dimensions: source.dimensions.map((d) => ({ ...d })) };
}

/** An entry as read in one dimension (`dimension_value` null where it has none) or without one. */
export function entryView(entry: DatasourceEntryRecord, dimensionId: number | null) {
  return {
    id: entry.id,
    name: entry.name,
    value: entry.value,
    dimension_value: dimensionId === null ? null : (entry.dimension_values[String(dimensionId)] ?? null),
  };
}

/**
 * `PUT /v1/spaces/:id/datasource_entries/:eid` with `{ datasource_entry: { name, value, dimension_value },
 * dimension_id }`: with a dimension of the entry's datasource, sets the entry's value there (an empty one removes
 * it); without, its name and value.
 */
export function updateEntry(source: DatasourceRecord, entry: DatasourceEntryRecord, body: unknown): void {
  const input = (body ?? {}) as { datasource_entry?: Record<string, unknown>; dimension_id?: unknown };
  const fields = input.datasource_entry;
  if (!fields || typeof fields !== 'object') throw unprocessable('datasource_entry', "can't be blank");
  if (input.dimension_id !== undefined && input.dimension_id !== null) {
    const dimensionId = Number(input.dimension_id);
    if (!source.dimensions.some((dimension) => dimension.id === dimensionId)) {
      throw unprocessable('dimension_id', 'is invalid');
    }
    const value = fields.dimension_value;
    if (value !== null && value !== undefined && typeof value !== 'string') {
      throw unprocessable('dimension_value', 'is invalid');
    }
    if (typeof value === 'string' && value !== '') entry.dimension_values[String(dimensionId)] = value;
    else delete entry.dimension_values[String(dimensionId)];
    return;
  }
  if ('name' in fields) {
    if (typeof fields.name !== 'string' || fields.name.trim() === '') throw unprocessable('name', "can't be blank");
    entry.name = fields.name;
  }
  if ('value' in fields) {
    if (typeof fields.value !== 'string') throw unprocessable('value', 'is invalid');
    entry.value = fields.value;
  }
}
