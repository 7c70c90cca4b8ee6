import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Web layers (docs/decisions/0008-web-boundaries.md): src/app composes features; a feature imports only itself and
 * the shared layers (src/components, src/lib); src/components imports src/lib; src/lib imports neither.
 * Every import inside the web app is spelled `@/…`, so these patterns see every path between folders.
 */
const WEB_APPS = ['apps/web/src', 'apps/backoffice/src'];
const featuresOf = (src) =>
  readdirSync(new URL(`./${src}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const why = 'see docs/decisions/0008-web-boundaries.md';
const noRelative = { regex: '^\\.\\.?/', message: `Import with the @/ alias, never a relative path (${why}).` };
const noApp = { regex: '^@/app/', message: `Only src/app and main.tsx import from src/app (${why}).` };
const noFeatures = { regex: '^@/features/', message: `Shared code never imports a feature: move what both need to src/lib or src/components (${why}).` };
const webImports = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns: [noRelative, ...patterns] }] } });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/backoffice/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...WEB_APPS.flatMap((WEB) => [
    webImports([`${WEB}/**/*.{ts,tsx}`], []),
    ...featuresOf(WEB).map((feature) =>
      webImports(
        [`${WEB}/features/${feature}/**/*.{ts,tsx}`],
        [
          {
            regex: `^@/features/(?!${feature}/)`,
            message: `Features do not import each other: the ${feature} feature may import only @/features/${feature}/…, src/components and src/lib; compose features in src/app (${why}).`,
          },
          noApp,
        ],
      ),
    ),
    webImports([`${WEB}/components/**/*.{ts,tsx}`], [noFeatures, noApp]),
    webImports([`${WEB}/lib/**/*.{ts,tsx}`], [noFeatures, noApp, { regex: '^@/components/', message: `src/lib is the bottom layer: it imports no component (${why}).` }]),
  ]),
);
