import { describe, expect, it } from 'vitest'
import { KEPT_LIST_KEY, KEPT_LIST_NAVIGATION, KEPT_SCREENS_CACHE } from '../pwa/src/data/kept-screen/keys'
import { keptListPage, type KeptListSources } from './keptList'

const SHELL = '<html><body><div id="root"><div class="spinner"></div></div></body></html>'
const COPY = '<nav>Recordings</nav><div class="rec-row">Budget: $&amp; $45k</div>'

function shell(): Promise<Response> {
  return Promise.resolve(
    new Response(SHELL, {
      headers: {
        'Content-Type': 'text/html',
        'Content-Security-Policy': "script-src 'self'",
        'Content-Length': String(SHELL.length),
      },
    }),
  )
}

function sources({ marker, copy }: { marker?: string; copy?: string }): KeptListSources & { asked: string[] } {
  const asked: string[] = []
  return {
    asked,
    cookies: {
      get: async (name) => (marker === undefined ? null : { value: name === 'pocket_has_session' ? marker : '' }),
    },
    caches: {
      match: async (key: RequestInfo | URL, options?: MultiCacheQueryOptions) => {
        asked.push(`${options?.cacheName}:${key instanceof Request ? key.url : String(key)}`)
        return copy === undefined ? undefined : new Response(copy)
      },
    } as CacheStorage,
  }
}

describe('the kept list in /recordings', () => {
  it('puts the kept copy, inert, before the root, keeping the shell’s headers', async () => {
    const src = sources({ marker: '1', copy: COPY })
    const page = await keptListPage(shell(), src)
    const html = await page!.text()
    expect(html).toBe(
      `<html><body><div id="prerender" inert>${COPY}</div><div id="root"><div class="spinner"></div></div></body></html>`,
    )
    expect(page!.headers.get('Content-Security-Policy')).toBe("script-src 'self'")
    expect(page!.headers.get('Content-Length')).toBeNull()
    expect(src.asked).toEqual([`${KEPT_SCREENS_CACHE}:${KEPT_LIST_KEY}`])
  })

  it.each([
    ['no session marker', { copy: COPY }],
    ['a cleared marker', { marker: '0', copy: COPY }],
    ['nothing kept', { marker: '1' }],
  ])('gives the plain shell with %s', async (_, opts) => {
    const page = await keptListPage(shell(), sources(opts))
    expect(await page!.text()).toBe(SHELL)
  })

  it('gives the plain shell where the worker has no cookie store, and nothing without a shell', async () => {
    const noCookies = { ...sources({ marker: '1', copy: COPY }), cookies: undefined }
    expect(await (await keptListPage(shell(), noCookies))!.text()).toBe(SHELL)
    expect(await keptListPage(Promise.resolve(undefined), sources({ marker: '1', copy: COPY }))).toBeUndefined()
  })

  it('answers only the plain list’s navigations', () => {
    const kept = (path: string) => KEPT_LIST_NAVIGATION.some((re) => re.test(path))
    for (const path of ['/recordings', '/recordings/']) expect(kept(path), path).toBe(true)
    for (const path of [
      '/recordings?q=budget',
      '/recordings?folder=general',
      '/recordings/rec_1',
      '/',
      '/login',
      '/shared/recording?token=x',
    ]) {
      expect(kept(path), path).toBe(false)
    }
  })
})
