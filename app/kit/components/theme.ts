import { createTheme, type MantineColor, type MantineColorsTuple } from '@mantine/core';

/**
 * Polyblok's brand colour: an indigo that reads as "tool you trust" and stays distinct from the
 * role colours below, so a primary button is never mistaken for a role badge.
 */
const brand: MantineColorsTuple = [
  '#eef0ff',
  '#dcdffb',
  '#b6bcf0',
  '#8e97e6',
  '#6c77dd',
  '#5663d8',
  '#4a58d6',
  '#3b49be',
  '#3240ab',
  '#253697',
];

// System fonts only: no webfont download, so the first paint is not blocked and the budget stays small.
const fontFamily =
  'Inter, ui-sans-serif, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

const fontFamilyMonospace =
  'ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "Courier New", monospace';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 5 },
  colors: { brand },
  fontFamily,
  fontFamilyMonospace,
  defaultRadius: 'md',
  cursorType: 'pointer',
  autoContrast: true,
  headings: {
    fontFamily,
    fontWeight: '650',
    textWrap: 'balance',
  },
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'md' } },
    Tooltip: { defaultProps: { withArrow: true } },
  },
});

export type SpaceRole = 'owner' | 'admin' | 'editor' | 'translator' | 'viewer';

/** Role avatar and badge colours, as the spec shows them (section 6). */
export const roleColors: Readonly<Record<SpaceRole, MantineColor>> = {
  owner: 'violet',
  admin: 'blue',
  editor: 'teal',
  translator: 'green',
  viewer: 'gray',
};
