import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { moduleBoundaries } from './lint/module-boundaries.js';

/**
 * Imports flow one way (ARCHITECTURE.md): contract <- server; contract <- kit <- app, extension, plugin.
 * The front ends never import each other or the server; the contract imports nothing of ours.
 */
const elements = [
  { type: 'contract', pattern: 'server/contract/**' },
  { type: 'server', pattern: 'server/src/**' },
  { type: 'prisma', pattern: 'prisma/**' },
  { type: 'kit', pattern: 'app/kit/**' },
  { type: 'app', pattern: 'app/src/**' },
  { type: 'extension', pattern: 'extension/**' },
  { type: 'plugin', pattern: 'plugin/**' },
  { type: 'tests', pattern: 'tests/**' },
];

/**
 * The server's modules (each feature, and the one door to Storyblok) from the top down. A module uses others only
 * through their index.ts, and only those of the layers below its own: no two modules depend on each other.
 */
export const serverModuleLayers = [
  ['connect', 'account'],
  ['spaces', 'billing'],
  ['webhooks', 'ai', 'xliff', 'publishing'],
  ['sync'],
  ['content'],
  ['write-back'],
  ['storyblok-access'],
  ['space-hooks'],
  ['members'],
  ['auth'],
  ['mail', 'glossary', 'health', 'progress'],
];

const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'server/src/generated', 'test-results', 'tests/e2e/artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': elements,
      'boundaries/include': ['server/**', 'prisma/**', 'app/**', 'extension/**', 'plugin/**', 'tests/**'],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            allow('contract', ['contract']),
            allow('server', ['server', 'contract', 'prisma']),
            allow('prisma', ['prisma', 'server']),
            allow('kit', ['kit', 'contract']),
            allow('app', ['app', 'kit', 'contract']),
            allow('extension', ['extension', 'kit', 'contract']),
            allow('plugin', ['plugin', 'kit', 'contract']),
            allow('tests', ['tests', 'server', 'contract', 'prisma', 'kit']),
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No barrels: import from the file that defines it.' },
      ],
    },
  },
  {
    files: ['server/src/**'],
    plugins: { polyblok: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'polyblok/module-boundaries': ['error', { layers: serverModuleLayers }] },
  },
  {
    files: ['server/contract/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\./)', message: 'The contract imports only zod and its own files.' }] },
      ],
    },
  },
  {
    files: ['app/kit/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-router', message: 'The kit has no router: the host injects navigation.' }] },
      ],
    },
  },
  {
    files: ['app/**/*.tsx', 'extension/**/*.tsx', 'plugin/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
