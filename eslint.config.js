// ESLint (flat config): `npm run lint`; scripts/test runs it and fails on any problem.
// The recommended rules, plus a few that catch real bugs in this code base; docs/frontend.md.
import js from '@eslint/js';
import globals from 'globals';

// Files that fail lint today and are being rewritten by other work: each joins the lint when
// its rewrite lands (delete its line here and fix what `npm run lint` then says).
const JOINS_WHEN_REWRITTEN = [
  // the game page (H6, issue 19 "draw only what changed"): dead code, a useless assignment
  'companion/static/js/api.js',
  'companion/static/js/render/actions.js',
  'companion/static/js/render/company.js',
  'companion/static/js/render/map.js',
];

export default [
  {
    ignores: [
      'node_modules/',
      '.venv/',
      'artifacts/',
      // copies of npm packages (scripts/vendor.mjs) and generated data (tools/catalog_js.py)
      'companion/static/vendor/',
      'companion/static/js/catalog.js',
      ...JOINS_WHEN_REWRITTEN,
    ],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `x == null` is the one loose comparison allowed: null or undefined
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-implicit-globals': 'error',
      'no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'prefer-const': 'error',
      'no-var': 'error',
      // a `const` read before its line runs (in the same scope) throws; from a function, it is fine
      'no-use-before-define': ['error', { functions: false, classes: true, variables: false }],
      'no-promise-executor-return': 'error',
      'no-self-compare': 'error',
      'no-template-curly-in-string': 'error',
      'no-unmodified-loop-condition': 'error',
      'no-unreachable-loop': 'error',
      'array-callback-return': 'error',
      'no-constructor-return': 'error',
      'no-new-wrappers': 'error',
      'no-throw-literal': 'error',
      radix: 'error',
    },
  },
  {
    // the pages' ES modules, run in the browser
    files: ['companion/static/js/**/*.js'],
    languageOptions: { sourceType: 'module', globals: globals.browser },
  },
  {
    // the service worker: a classic script in the worker's scope
    files: ['companion/static/js/pwa/service-worker.js'],
    languageOptions: { sourceType: 'script', globals: globals.serviceworker },
  },
  {
    // tools and tests, run by Node
    files: ['*.js', 'scripts/**/*.mjs', 'tests/**/*.js', 'tests/**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: globals.node },
  },
];
