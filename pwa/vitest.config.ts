import { fileURLToPath, URL } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { testWaitMs } from './src/test/waitMs'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

const app = { environment: 'jsdom' as const, setupFiles: ['./src/test/setup.ts'] }
const sharedGraphTests = ['src/**/*.test.ts', 'src/**/*.test.tsx', '../sw/**/*.test.ts']
// Tests that replace a module (vi.mock) or load code once per module graph: a module graph
// shared with other files would hand them modules already loaded, unmocked.
const ownModuleGraph = [
  'src/app/coldStart.test.ts',
  'src/data/sync/pull.test.ts',
  'src/data/sync/loadSyncCode.test.ts',
  'src/data/offline/localSearchFirstAnswer.test.ts',
  'src/data/device/useDeviceQuery.test.tsx',
  'src/features/actionable/ActionableTab.test.tsx',
  'src/features/recordings/flags/FlagToggles.test.tsx',
  'src/features/summary/SummaryTab.test.tsx',
  'src/ui/empty-state/EmptyState.test.tsx',
  'src/ui/markdown/xss.test.tsx',
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
    // Room for three full waits (src/test/setup.ts): 15 s by default.
    testTimeout: 3 * testWaitMs(),
    projects: [
      // Logic and component tests share one module graph and one jsdom per worker: a fresh
      // one per file cost more than the tests themselves (the 53 component and module-replacing
      // files: 274 CPU-s isolated, 89 shared; 14 files of data/normalize: 121 s isolated, 17 s
      // shared). setup.ts resets what they share after each test (the DOM, IndexedDB, session,
      // MSW handlers, timers, stubbed globals).
      {
        extends: true,
        test: {
          ...app,
          name: 'shared',
          isolate: false,
          include: sharedGraphTests,
          exclude: [...configDefaults.exclude, ...ownModuleGraph],
        },
      },
      // The files that need a module graph and a document of their own.
      { extends: true, test: { ...app, name: 'own-graph', include: ownModuleGraph } },
      // Timings, not tests: only when asked for (BENCH=1 ... --project bench).
      ...(process.env.BENCH
        ? [{ extends: true as const, test: { ...app, name: 'bench', include: ['src/**/*.timing.ts'] } }]
        : []),
      // Build scripts run under Node, with none of the app's browser set-up.
      { extends: true, test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.ts'] } },
    ],
  },
})
