import { useQuery } from '@tanstack/react-query';
import { useApi } from '#kit/api/api-context.tsx';
import { TrendLine } from '#kit/components/trend-line.tsx';
import { spacesTrendQueryOptions } from '#kit/data/progress.queries.ts';

/**
 * A space's completion over the last days beside its bar. Every card asks the same query, so the list makes one
 * request; it loads after the cards (its own chunk), and a slow or failed answer only leaves the trend out.
 */
export function SpaceTrend({ spaceId, name }: { spaceId: number; name: string }) {
  const api = useApi();
  const trends = useQuery(spacesTrendQueryOptions(api));
  const days = trends.data?.spaces.find((item) => item.space_id === spaceId)?.days;
  if (!days) return null;
  return <TrendLine values={days.map((day) => day.completion)} label={`Completion of ${name}`} />;
}
