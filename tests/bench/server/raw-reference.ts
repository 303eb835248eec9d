import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import pg from 'pg';

/**
 * The reference the server is measured against: a bare HTTP server on raw pg (a pool of the size Polyblok's is)
 * doing the same work with the fewest statements, without sign-in, roles or a framework. Reads a story with its
 * keys in a language; saves a translation with its counts in one transaction. Compresses its answers as the
 * server does, for a client that accepts it: brotli at quality 4, otherwise gzip.
 */
export async function startRawReference(databaseUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const server = createServer((request, response) => {
    answer(pool, request).then(
      (body) => {
        const json = Buffer.from(JSON.stringify(body));
        const accepted = request.headers['accept-encoding'] ?? '';
        const [encoding, bytes] = accepted.includes('br')
          ? ['br', brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })]
          : accepted.includes('gzip')
            ? ['gzip', gzipSync(json)]
            : ['identity', json];
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
        response.end(bytes);
      },
      (error: unknown) => {
        response.writeHead(500);
        response.end(String(error));
      },
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return JSON.parse(text) as Record<string, unknown>;
}

async function answer(pool: pg.Pool, request: IncomingMessage): Promise<unknown> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method === 'GET') return readStory(pool, Number(url.pathname.split('/').pop()), url.searchParams);
  const body = await readBody(request);
  return save(pool, body as { space_id: number; key: string; space_locale_id: number; value: string });
}

async function readStory(pool: pg.Pool, storyId: number, query: URLSearchParams) {
  const { rows: nodes } = await pool.query(
    `SELECT n.id, n.name, n.slug, n.full_slug, n.published, n.space_id, l.id AS locale_id
     FROM story_nodes n JOIN space_locales l ON l.space_id = n.space_id AND l.code = $2 WHERE n.id = $1`,
    [storyId, query.get('locale')],
  );
  const node = nodes[0];
  const { rows } = await pool.query(
    `SELECT k.id, k.key, k.hash, k.field_type, k.component, k.field, k.value, k.value_text, k.word_count,
            t.value AS t_value, t.value_text AS t_value_text, t.reference_hash, t.is_needing_formatting,
            t.verified_source_text, t.glossary_issues, t.updated_at, a.status AS ask_status, a.error AS ask_error
     FROM translatable_keys k
     LEFT JOIN translations t ON t.translatable_key_id = k.id AND t.space_locale_id = $2
     LEFT JOIN translation_asks a ON a.translatable_key_id = k.id AND a.space_locale_id = $2
     WHERE k.story_id = $1 ORDER BY k.position, k.id`,
    [storyId, node.locale_id],
  );
  const keys = rows.map((row) => ({
    id: row.id,
    key: row.key,
    hash: row.hash,
    field_type: row.field_type,
    component: row.component,
    field: row.field,
    value: row.value,
    value_text: row.value_text,
    word_count: row.word_count,
    translated_key_value: row.t_value,
    translated_key_value_text: row.t_value_text,
    translated_key_reference_hash: row.reference_hash,
    is_needing_formatting: row.is_needing_formatting ?? false,
    status: row.t_value === null ? 'missing' : row.reference_hash === row.hash ? 'verified' : 'unverified',
    verified_source_text: row.verified_source_text,
    glossary_issues: row.glossary_issues ?? [],
    ask_error: row.ask_error,
    updated_at: row.updated_at?.toISOString() ?? null,
  }));
  return { ...node, translatable_keys: keys };
}

async function save(pool: pg.Pool, input: { space_id: number; key: string; space_locale_id: number; value: string }) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query(
      `WITH saved AS (
         INSERT INTO translations (translatable_key_id, space_locale_id, value, value_text, updated_at)
         SELECT k.id, $3, to_jsonb($4::text), $4, now() FROM translatable_keys k WHERE k.space_id = $1 AND k.key = $2
         ON CONFLICT (translatable_key_id, space_locale_id) DO UPDATE SET value = EXCLUDED.value,
           value_text = EXCLUDED.value_text, updated_at = now()
         RETURNING translatable_key_id, (xmax = 0) AS inserted
       )
       SELECT k.story_id, s.inserted FROM saved s JOIN translatable_keys k ON k.id = s.translatable_key_id`,
      [input.space_id, input.key, input.space_locale_id, input.value],
    );
    const added = rows[0]?.inserted ? 1 : 0;
    await client.query(
      `UPDATE story_locale_stats SET translated_count = translated_count + $3, last_translation_at = now()
       WHERE story_id = $1 AND space_locale_id = $2`,
      [rows[0]?.story_id, input.space_locale_id, added],
    );
    if (added) {
      await client.query(
        'UPDATE space_locales SET translated_key_count = translated_key_count + 1, last_translation_at = now() WHERE id = $1',
        [input.space_locale_id],
      );
      await client.query('UPDATE spaces SET translated_keys_count = translated_keys_count + 1 WHERE id = $1', [
        input.space_id,
      ]);
    }
    await client.query('COMMIT');
    return { saved: rows.length };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
