import { describe, expect, it } from 'vitest'
import { fixtureFiles } from '@/mocks/fixtures'
import { normalizeSharedView } from './share'
import { normalizeShareLink, normalizeShareLinks, shareLinkState } from './shareLink'

describe('shared view', () => {
  const f = fixtureFiles().find((x) => x.recording.id === 'rec_05_customer_call_northwind')!
  const response = {
    success: true,
    data: {
      recording: { ...f.recording, speakers: f.speakers },
      owner: { displayName: '', email: 'demo@example.com', photoURL: '' },
      summarization: Object.values(f.summarizations ?? {})[0],
      transcription: f.transcription,
    },
  }

  it('shows whose recording it is (derived owner)', () => {
    const view = normalizeSharedView(response)
    expect(view?.owner).toEqual({ displayName: 'demo', email: 'demo@example.com', photoURL: null })
    expect(view?.header).toMatchObject({ title: f.recording.title, sharedFrom: 'demo' })
  })

  it('is null without a recording', () => {
    expect(normalizeSharedView({ success: true, data: { owner: {} } })).toBeNull()
  })
})

describe('share links', () => {
  const now = Date.parse('2026-06-01T00:00:00Z')
  const link = (extra: object) =>
    normalizeShareLink({ token: 't', url: 'http://h/x', createdAt: '2026-05-01T00:00:00Z', ...extra })!

  it('are active, expired or revoked', () => {
    expect(shareLinkState(link({ expiresAt: null }), now)).toBe('active')
    expect(shareLinkState(link({ expiresAt: '2026-07-01T00:00:00Z' }), now)).toBe('active')
    expect(shareLinkState(link({ expiresAt: '2026-05-31T00:00:00Z' }), now)).toBe('expired')
    expect(shareLinkState(link({ expiresAt: null, revokedAt: '2026-05-02T00:00:00Z' }), now)).toBe('revoked')
  })

  it('need a token; a missing url becomes the app path', () => {
    expect(normalizeShareLink({ url: 'x' })).toBeNull()
    expect(normalizeShareLink({ token: 'a b' })?.url).toBe('/shared/recording?token=a%20b')
    expect(normalizeShareLinks({ data: [{ token: 'x' }, null, 5] })).toHaveLength(1)
    expect(normalizeShareLinks([{ token: 'y' }])).toHaveLength(1)
  })
})
