import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layers of functions/ (DESIGN.md): domain is rules and use cases without I/O of its own; data does
// not speak in API errors (domain/data-errors.ts translates); nothing server-side reads the web app.
const NOT_WEB = { group: ['**/web/**', '@partage/web', '@partage/web/**'], message: 'functions/ does not import from web/.' };
const DOMAIN_ONLY = [
  { group: ['@aws-sdk/*'], message: 'Domain code reaches AWS through data/ or adapters/.' },
  { group: ['**/handlers/**', '@partage/functions/handlers/**'], message: 'Domain code does not import handlers.' },
  { group: ['**/infra/**'], message: 'Domain code does not import the hosts (infra/).' },
];
const NO_API_ERRORS = {
  name: '@partage/graphql',
  importNames: ['AppError', 'ERROR_CODES'],
  message: 'The data layer throws DataRefusal (data/errors.ts); domain/data-errors.ts maps it to an API error.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // The web build's server renderer (web/dist-server), bundled JavaScript.
      'web/dist-server/**',
      'cdk.out/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'graphql/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The server code is type-checked with the journeys, whose in-page callbacks need DOM types
  // (tsconfig.node.json): browser globals are refused here instead.
  {
    files: ['functions/**/*.ts', 'infra/**/*.ts', 'graphql/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'HTMLElement'].map((name) => ({
          name,
          message: 'Server code runs on Node: no browser globals.',
        })),
      ],
    },
  },
  // Layers of functions/ (kept apart from the web app's rules).
  {
    files: ['functions/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_WEB] }] },
  },
  {
    files: ['functions/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_WEB, ...DOMAIN_ONLY] }] },
  },
  {
    files: ['functions/data/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [NO_API_ERRORS], patterns: [NOT_WEB] }] },
  },
  // Web layers: a feature (web/src/features/<name>) never imports another feature's files, and
  // web/src/lib (what features share) imports no feature and not the app. A relative import that climbs
  // out of its feature's folder is refused, whatever the feature is called.
  ...[1, 2, 3, 4].map((depth) => ({
    files: [`web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}(?!\\.\\./)|/features/`,
              message: 'A feature does not import another feature: move what they share to web/src/lib.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '/(features|app)/', message: 'web/src/lib is shared: it imports no feature and not the app.' }] },
      ],
    },
  },
);
