//! ESLint for the UI: correctness rules (ESLint's and typescript-eslint's recommended sets, the
//! rules of hooks) and the import boundaries of docs/ARCHITECTURE.md ("The UI") — `app/` →
//! `features/<domain>/` → `components/` → `lib/`, and features never import each other. No
//! stylistic rules: the point is code that is right and a layering that stays put.
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Element patterns are relative to this folder, not to wherever eslint was started.
const UI_DIR = fileURLToPath(new URL('.', import.meta.url));

const SHARED_MESSAGE = 'Shared code (components/, lib/, i18n/, api/) never imports a feature or app/.';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'e2e/screenshots/',
      // Generated from the Rust types by ts-rs; fixed by regenerating, never by hand.
      'src/api/types/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // tsc (noUnusedLocals, noUnusedParameters) already reports these, with the same meaning.
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    // The two classic rules only, at the plugin's own severities: the rest of its preset (refs,
    // set-state-in-effect…) describes what the React Compiler needs, and preact runs without it;
    // the "latest value in a ref" and "state follows a prop" patterns those rules flag are
    // deliberate here. A missing dependency is a warning because leaving one out on purpose
    // (run an effect only when one field changes) is sometimes right; read each one.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': UI_DIR,
      // Each feature folder is one element: imports inside a feature are internal and free, an
      // import of another feature's file is a dependency between two `feature` elements.
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'feature', pattern: 'src/features/*' },
        { type: 'components', pattern: 'src/components' },
        { type: 'lib', pattern: 'src/lib' },
        { type: 'i18n', pattern: 'src/i18n' },
        { type: 'api', pattern: 'src/api' },
      ],
      // Static, type-only and dynamic imports and re-exports all count.
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      // Relative imports name .ts/.tsx files without their extension; an import that does not
      // resolve would be skipped silently, so the resolver must know them.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          // Only what docs/ARCHITECTURE.md forbids is listed; everything else stays allowed.
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'feature' } } },
              message:
                'Features never import each other: move the shared piece to components/ or lib/, or compose the features in app/.',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'app' } } },
              message: 'Features never import app/: app/ composes the features, not the other way round.',
            },
            {
              from: { element: { type: '{components,lib,i18n,api}' } },
              disallow: { to: { element: { type: '{feature,app}' } } },
              message: SHARED_MESSAGE,
            },
            {
              from: { element: { type: '{lib,i18n,api}' } },
              disallow: { to: { element: { type: 'components' } } },
              message: 'lib/, i18n/ and api/ sit below components/ and never import them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts', 'scripts/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      // Playwright reads a fixture's dependencies from its first parameter, which must be an
      // object pattern even when it needs none: `async ({}, use) => …`.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
);
