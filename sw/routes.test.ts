import { describe, expect, it } from 'vitest'
import { isSkipWaitingMessage, LOGIN_NAVIGATION, NAVIGATION_DENYLIST, precaches } from './routes'

const denied = (path: string) => NAVIGATION_DENYLIST.some((re) => re.test(path))

describe('service worker navigation fallback', () => {
  it('serves the app shell for app routes', () => {
    for (const path of [
      '/',
      '/login',
      '/recordings',
      '/recordings/rec_1',
      '/shared/recording?token=abc',
      '/shared/recording',
      '/nope',
      '/metricsboard',
    ]) {
      expect(denied(path), path).toBe(false)
    }
  })

  it('never for the API, OIDC popups or the server’s probes and metrics', () => {
    for (const path of [
      '/api/v1/auth/google/start',
      '/api/v1/auth/google/callback?code=abc',
      '/api/v1/recordings/dashboard',
      '/healthz',
      '/readyz',
      '/metrics',
      '/metrics?x=1',
    ]) {
      expect(denied(path), path).toBe(true)
    }
  })

  it('recognises the prompt’s skip-waiting message only', () => {
    expect(isSkipWaitingMessage({ type: 'SKIP_WAITING' })).toBe(true)
    expect(isSkipWaitingMessage({ type: 'OTHER' })).toBe(false)
    expect(isSkipWaitingMessage(null)).toBe(false)
    expect(isSkipWaitingMessage('SKIP_WAITING')).toBe(false)
  })

  it('opens the pre-rendered login page for /login only', () => {
    const login = (path: string) => LOGIN_NAVIGATION.some((re) => re.test(path))
    for (const path of ['/login', '/login/', '/login?next=1']) expect(login(path), path).toBe(true)
    for (const path of ['/', '/loginx', '/login/more', '/recordings', '/shared/recording?token=login'])
      expect(login(path), path).toBe(false)
  })

  it('knows whether the build precached a page', () => {
    const manifest = [{ url: 'index.html', revision: 'a' }, { url: 'login.html', revision: 'b' }, 'assets/x.js']
    expect(precaches(manifest, 'login.html')).toBe(true)
    expect(precaches(manifest, 'assets/x.js')).toBe(true)
    expect(precaches([{ url: 'index.html' }], 'login.html')).toBe(false)
  })
})
