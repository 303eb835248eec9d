/**
 * A small line of values over time (0-100), drawn as an SVG without a chart library: it sits on the spaces
 * list, the first screen, where every kilobyte counts. Says in words what it shows.
 */
export function TrendLine({ values, label }: { values: number[]; label: string }) {
  if (values.length < 2) return null;
  const width = 64;
  const height = 20;
  const step = width / (values.length - 1);
  const points = values.map(
    (value, index) => `${(index * step).toFixed(1)},${(height - (value / 100) * height).toFixed(1)}`,
  );
  const change = Math.round(values.at(-1)! - values[0]!);
  const said = `${label}: ${change > 0 ? `up ${change}` : change < 0 ? `down ${-change}` : 'no change'} points over ${values.length} days`;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={said}>
      <title>{said}</title>
      <polyline
        points={points.join(' ')}
        fill="none"
        stroke={change < 0 ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-teal-6)'}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
