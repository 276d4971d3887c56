/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set to 'off' to run `npm run dev` against a real server instead of MSW. */
  readonly VITE_MSW?: string
  /** The provider's marketing site (Get your Pocket, Terms, Privacy). */
  readonly VITE_MARKETING_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
