import { fileURLToPath, URL } from 'node:url'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { manifest } from './pwa-manifest.ts'
import { prerenderFirstScreens, SERVER_ONLY_PAGES } from './prerender-plugin.ts'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

// The Go binary embeds server/web/dist; only dist/app belongs to us, so the
// .gitkeep (and anything the server team puts beside app/) survives builds.
const outDir = here('../server/web/dist/app')
const alias = { '@': here('src') }

// MSW's worker script is served by the dev server only: keeping it out of
// public/ keeps it out of the production build and the precache.
function mswWorkerInDev(): Plugin {
  const require = createRequire(import.meta.url)
  return {
    name: 'pocket:msw-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        const file = require.resolve('msw/mockServiceWorker.js')
        res.setHeader('Content-Type', 'text/javascript')
        res.end(readFileSync(file))
      })
    },
  }
}

export default defineConfig({
  root: here('.'),
  base: '/',
  publicDir: here('public'),
  resolve: { alias },
  server: {
    fs: { allow: [here('..')] },
    // `POCKET_DEV_API=http://127.0.0.1:8080 VITE_MSW=off npm run dev`: hot reload against a real server.
    proxy: process.env.POCKET_DEV_API ? { '/api': { target: process.env.POCKET_DEV_API } } : undefined,
  },
  plugins: [
    react(),
    mswWorkerInDev(),
    prerenderFirstScreens({ root: here('.'), alias }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '../sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      // The glob below already precaches icons and the favicon.
      includeManifestIcons: false,
      injectManifest: {
        // wasm: the self-hosted Rive runtime; riv: the empty-state animations
        // (pwa/public/animations). Both so empty states animate offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wasm,riv}'],
        globIgnores: ['**/node_modules/**/*', ...SERVER_ONLY_PAGES],
        // The service worker is its own TypeScript project (sw/tsconfig.json).
        rollupFormat: 'es',
      },
      devOptions: { enabled: false },
    }),
  ],
  // The sync worker (data/sync/worker) is a module worker: its chunks are ES modules like the app's.
  worker: { format: 'es' },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 400,
    // A dynamic import loads its chunk's own imports as the browser finds
    // them, not through Vite's helper inserting a preload link per import
    // first: on a slow phone that helper cost tens of milliseconds in each
    // of the start's tasks (pwa/scripts/profile-tasks.mjs). The screens a
    // first visit needs get their preloads from the HTML (prerender-plugin),
    // and the service worker holds every chunk after it. Stylesheets still
    // load with their chunk.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay
        // cached across deploys instead of riding along with app code.
        advancedChunks: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store)[\\/]/,
            },
            // Only what every route needs: the list's virtualiser stays in the
            // recordings chunk so /login does not download it.
            { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            // What the signed-in shell reads of the device (queued edits, folders) without
            // Dexie itself: one chunk instead of a handful of small ones. Dexie and the
            // sync engine stay in their own chunks, loaded on first use, as do the folder
            // counts and members (data/folders/members: the folder view, and the counts' first read).
            {
              name: 'signed-in',
              // Only these modules: what they import stays where it is (login shares some of it).
              includeDependenciesRecursively: false,
              test: /pwa[\\/]src[\\/](data[\\/]device[\\/](open|useDeviceQuery)|data[\\/]sync[\\/](outboxReads|useOutbox|mutation)|data[\\/]folders[\\/](useFolders|tree|edits)|features[\\/]sync[\\/](useSyncState|syncText))\.tsx?$/,
            },
            // IndexedDB: needed once someone is signed in, never by a signed-out /login.
            { name: 'vendor-dexie', test: /node_modules[\\/]dexie[\\/]/ },
            // The markdown parser (micromark and its mdast/unist helpers): only the
            // recording screens import it, so only the detail and share routes load it.
            {
              name: 'vendor-markdown',
              test: /node_modules[\\/](micromark[\w-]*|mdast-util-[\w-]+|unist-util-[\w-]+|decode-named-character-reference|character-entities|devlop|ccount|escape-string-regexp|longest-streak|markdown-table|zwitch)[\\/]/,
            },
          ],
        },
      },
    },
  },
})
