// Only the stylesheets of the components this plugin renders: the whole Mantine sheet would triple
// the single bundle Storyblok loads into every story that has an SEO field.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { MantineProvider, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { createFieldPlugin, type FieldPluginResponse } from '@storyblok/field-plugin';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from '#kit/theme.ts';

const SEO_FIELDS = [
  'title',
  'description',
  'og_title',
  'og_description',
  'og_image',
  'twitter_title',
  'twitter_description',
  'twitter_image',
] as const;

type SeoField = (typeof SEO_FIELDS)[number];

/** Storyblok may add keys of its own (`plugin`, `_uid`); they are kept as they are. */
export type SeoContent = Record<SeoField, string> & { [key: string]: unknown };

const LIMITS = { title: 60, description: 160 } as const;

function parseSeoContent(content: unknown): { content: SeoContent; error?: string } {
  const source = typeof content === 'object' && content !== null && !Array.isArray(content) ? content : {};
  const record: Record<string, unknown> = { ...source };
  const parsed = { ...record } as SeoContent;
  for (const field of SEO_FIELDS) {
    const value = record[field];
    parsed[field] = typeof value === 'string' ? value : '';
  }
  return { content: parsed };
}

interface CountedFieldProps {
  label: string;
  value: string;
  limit: number;
  multiline?: boolean;
  onChange: (value: string) => void;
}

function CountedField({ label, value, limit, multiline = false, onChange }: CountedFieldProps) {
  const over = value.length > limit;
  const counter = (
    <Text component="span" fz="xs" c={over ? 'red' : 'dimmed'}>
      {value.length}/{limit}
    </Text>
  );
  const common = {
    label,
    value,
    description: counter,
    error: over ? `Longer than ${limit} characters: search engines will cut it` : undefined,
    onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
  };
  return multiline ? <Textarea {...common} autosize minRows={2} /> : <TextInput {...common} />;
}

function SeoForm({ initial, save }: { initial: SeoContent; save: (content: SeoContent) => void }) {
  // Local state: the container answers each update asynchronously, and feeding its echo back into a
  // controlled input would move the caret while the user types.
  const [content, setContent] = useState(initial);
  const update = (field: SeoField, value: string) => {
    const next = { ...content, [field]: value };
    setContent(next);
    save(next);
  };
  return (
    <Stack gap="sm" p={4}>
      <CountedField label="Title" value={content.title} limit={LIMITS.title} onChange={(v) => update('title', v)} />
      <CountedField
        label="Description"
        value={content.description}
        limit={LIMITS.description}
        multiline
        onChange={(v) => update('description', v)}
      />
    </Stack>
  );
}

function SeoFieldPlugin({ state }: { state: FieldPluginResponse<SeoContent> }) {
  if (state.type === 'loading') return null;
  if (state.type === 'error') {
    return (
      <Text c="red" fz="sm" p={4}>
        {state.error.message}
      </Text>
    );
  }
  // Keyed by field uid: a different field instance must not inherit another one's draft.
  return (
    <SeoForm key={state.data.uid} initial={state.data.content} save={(next) => void state.actions.setContent(next)} />
  );
}

function mountPoint(): HTMLElement {
  const existing = document.getElementById('app');
  if (existing) return existing;
  const element = document.createElement('div');
  element.id = 'app';
  document.body.appendChild(element);
  return element;
}

const root = createRoot(mountPoint());

createFieldPlugin<SeoContent>({
  // Set at build time (FIELD_PLUGIN_CONTAINER_ORIGIN) so tests can host the plugin in a local container page.
  targetOrigin: import.meta.env.FIELD_PLUGIN_CONTAINER_ORIGIN as string,
  validateContent: parseSeoContent,
  onUpdateState: (state) => {
    root.render(
      <MantineProvider theme={theme} defaultColorScheme="light">
        <SeoFieldPlugin state={state} />
      </MantineProvider>,
    );
  },
});
