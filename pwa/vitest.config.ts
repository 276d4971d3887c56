import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

// Unit and component tests: jsdom, MSW (node), fake IndexedDB. The PWA plugin
// is left out on purpose: tests never touch the service worker registration.
export default defineConfig({
  root: here('.'),
  plugins: [react()],
  resolve: { alias: { '@': here('src') } },
  server: { fs: { allow: [here('..')] } },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', '../sw/**/*.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 15000,
  },
})
