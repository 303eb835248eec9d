/**
 * Numbers and dates as every screen shows them: in English (spec section 9), whatever the browser's own
 * locale, so a team sees the same figures on every machine.
 */
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

// Counts are shared with the server's messages and e-mails.
export { formatCount, formatQuantity } from '#contract/quantity.ts';

export function formatDate(iso: string): string {
  return date.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
];

/** `just now`, `5 minutes ago`, `yesterday`; past a month the date itself reads better. */
export function formatRelative(iso: string, now: number = Date.now()): string {
  let amount = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) return relative.format(amount, unit);
    amount = Math.round(amount / size);
  }
  return formatDate(iso);
}
