import type { ManifestOptions } from 'vite-plugin-pwa'

export const THEME_COLOR = '#4f46e5'

/** Web app manifest: what an installed Pocket looks like on a home screen. */
export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Pocket Companion',
  short_name: 'Pocket',
  description: 'Your AI thought companion: recordings, summaries and chat.',
  start_url: '/recordings',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
}
