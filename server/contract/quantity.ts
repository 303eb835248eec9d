/**
 * Counts as people read them, in English (spec section 9: numbers formatted in English), the same in every
 * screen, e-mail and message of the server: "1 story", "1,204 stories". No zod here: the browser bundles it.
 */
const integer = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return integer.format(value);
}

/** `1 language`, `1,204 source keys`. */
export function formatQuantity(value: number, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}
