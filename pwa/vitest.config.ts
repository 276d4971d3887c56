import { fileURLToPath, URL } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

const app = { environment: 'jsdom' as const, setupFiles: ['./src/test/setup.ts'] }
const logicTests = ['src/**/*.test.ts', '../sw/**/*.test.ts']
const ownModuleGraph = [
  'src/app/coldStart.test.ts',
  'src/data/sync/pull.test.ts',
  'src/data/sync/loadSyncCode.test.ts',
  'src/data/offline/localSearchFirstAnswer.test.ts',
]

// Unit and component tests: jsdom, MSW (node), fake IndexedDB. The PWA plugin
// is left out on purpose: tests never touch the service worker registration.
export default defineConfig({
  root: here('.'),
  plugins: [react()],
  resolve: {
    alias: {
      '@': here('src'),
    },
  },
  server: { fs: { allow: [here('..')] } },
  test: {
    globals: false,
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 15000,
    projects: [
      // Tests of logic (*.test.ts) share one module graph and one jsdom per worker: a fresh
      // one per file cost more than the tests themselves (14 files of data/normalize: 121 s
      // isolated, 17 s shared, on a loaded machine). setup.ts resets what they share after
      // each test (IndexedDB, session, MSW handlers, timers, stubbed globals).
      {
        extends: true,
        test: {
          ...app,
          name: 'logic',
          isolate: false,
          include: logicTests,
          exclude: [...configDefaults.exclude, ...ownModuleGraph],
        },
      },
      // Components (*.test.tsx), and the logic tests that replace a module (vi.mock) or load
      // code once per module graph, each get a graph and a document of their own.
      { extends: true, test: { ...app, name: 'app', include: ['src/**/*.test.tsx', ...ownModuleGraph] } },
      // Timings, not tests: only when asked for (BENCH=1 ... --project bench).
      ...(process.env.BENCH
        ? [{ extends: true as const, test: { ...app, name: 'bench', include: ['src/**/*.timing.ts'] } }]
        : []),
      // Build scripts run under Node, with none of the app's browser set-up.
      { extends: true, test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.ts'] } },
    ],
  },
})
