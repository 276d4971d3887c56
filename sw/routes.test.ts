import { describe, expect, it } from 'vitest'
import { isSkipWaitingMessage, NAVIGATION_DENYLIST } from './routes'

const denied = (path: string) => NAVIGATION_DENYLIST.some((re) => re.test(path))

describe('service worker navigation fallback', () => {
  it('serves the app shell for app routes', () => {
    for (const path of ['/', '/login', '/recordings', '/recordings/rec_1', '/shared/recording?token=abc', '/shared/recording', '/nope', '/metricsboard']) {
      expect(denied(path), path).toBe(false)
    }
  })

  it('never for the API, OIDC popups or the server’s probes and metrics', () => {
    for (const path of ['/api/v1/auth/google/start', '/api/v1/auth/google/callback?code=abc', '/api/v1/recordings/dashboard', '/healthz', '/readyz', '/metrics', '/metrics?x=1']) {
      expect(denied(path), path).toBe(true)
    }
  })

  it('recognises the prompt’s skip-waiting message only', () => {
    expect(isSkipWaitingMessage({ type: 'SKIP_WAITING' })).toBe(true)
    expect(isSkipWaitingMessage({ type: 'OTHER' })).toBe(false)
    expect(isSkipWaitingMessage(null)).toBe(false)
    expect(isSkipWaitingMessage('SKIP_WAITING')).toBe(false)
  })
})
