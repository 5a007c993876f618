// Flat config: type-aware rules so floating promises are errors everywhere.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.tools/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app runs on Preact through preact/compat (docs/decisions/186), which has no
      // form actions and no optimistic state; these names would type-check and throw at run time.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: [
                'useOptimistic',
                'useActionState',
                'Activity',
                'ViewTransition',
                'cache',
              ],
              message: 'Not in preact/compat (docs/decisions/186).',
            },
            {
              name: 'react-dom',
              importNames: [
                'useFormStatus',
                'useFormState',
                'requestFormReset',
                'preload',
                'preinit',
                'preconnect',
                'prefetchDNS',
                'preloadModule',
                'preinitModule',
              ],
              message: 'Not in preact/compat (docs/decisions/186).',
            },
          ],
        },
      ],
    },
  },
  {
    // Config files that tools require to default-export.
    files: ['**/vite.config.ts', '**/vitest.config.ts', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
