import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

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
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}', '../sw/**/*.test.ts'],
        },
      },
      // Build scripts run under Node, with none of the app's browser set-up.
      { extends: true, test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.ts'] } },
    ],
  },
})
