// Prettier: the house style (no semicolons, single quotes, lines up to ~120, trailing commas where
// prettier puts them). `npm run format` rewrites, `npm run format:check` (make lint-web) checks.
/** @type {import('prettier').Config} */
export default {
  semi: false,
  singleQuote: true,
  printWidth: 120,
  trailingComma: 'all',
}
