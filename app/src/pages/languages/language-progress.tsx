import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LanguageProgress } from '#contract/progress.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { languageProgressQueryOptions } from '#kit/data/progress.queries.ts';
import { formatQuantity } from '#kit/format/format.ts';
import { completionSeries, summary, wordsSeries } from './progress-series.ts';

/**
 * The Languages page's charts: one language's completion over the last 90 days (translated and verified, from
 * the daily snapshots) and the words translated each day by people, AI and the translation memory.
 */
export function LanguageProgressCard({ spaceId }: { spaceId: number }) {
  const api = useApi();
  const progress = useQuery(languageProgressQueryOptions(api, spaceId));
  const languages = progress.data?.languages ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const language = languages.find((item) => item.space_locale_id === chosen) ?? languages[0];
  if (progress.isError) {
    return (
      <Card>
        <Text c="dimmed" fz="sm">
          The progress of the languages could not be loaded. Try again in a moment.
        </Text>
      </Card>
    );
  }
  if (!language) return null;
  return (
    <Card component="section" aria-labelledby="language-progress-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} fz="lg" id="language-progress-title">
              Progress
            </Title>
            <Text c="dimmed" fz="sm">
              {summary(language)}
            </Text>
          </div>
          <Select
            label="Language"
            w={220}
            allowDeselect={false}
            data={languages.map((item) => ({ value: String(item.space_locale_id), label: item.name }))}
            value={String(language.space_locale_id)}
            onChange={(value) => value && setChosen(Number(value))}
          />
        </Group>
        <ProgressCharts language={language} />
      </Stack>
    </Card>
  );
}

function ProgressCharts({ language }: { language: LanguageProgress }) {
  const words = wordsSeries(language);
  const total = words.reduce((sum, day) => sum + day.People + day.AI + day.Memory, 0);
  return (
    <>
      <div>
        <Text fw={600} fz="sm" mb={6} id="completion-chart-title">
          Completion over the last 90 days
        </Text>
        <LineChart
          h={220}
          data={completionSeries(language)}
          dataKey="day"
          aria-labelledby="completion-chart-title"
          series={[
            { name: 'Translated', color: 'brand.6' },
            { name: 'Verified', color: 'teal.6' },
          ]}
          curveType="monotone"
          withDots={false}
          withLegend
          yAxisProps={{ domain: [0, 100] }}
          valueFormatter={(value) => `${value}%`}
        />
      </div>
      <div>
        <Text fw={600} fz="sm" mb={6} id="words-chart-title">
          Words translated per day · {formatQuantity(total, 'word', 'words')} in 90 days
        </Text>
        <BarChart
          h={180}
          data={words}
          dataKey="day"
          type="stacked"
          aria-labelledby="words-chart-title"
          series={[
            { name: 'People', color: 'blue.6' },
            { name: 'AI', color: 'violet.6' },
            { name: 'Memory', color: 'gray.5' },
          ]}
          withLegend
        />
      </div>
    </>
  );
}
