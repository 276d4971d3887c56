import { http, HttpResponse } from 'msw'
import { mergeDuplicates } from '@/data/normalize/recording'
import type { Recording } from '@/data/types'
import { fixtureFiles, fixtureRecordings } from '../fixtures'
import { namesPerson } from '../people'
import { fail, signedIn } from './respond'

/** The import file whose recording wins the duplicate merge (spec §5), by id. */
function fixtureFile(id: string) {
  const winner = mergeDuplicates(fixtureRecordings()).find((r) => r.id === id)
  return fixtureFiles().find((f) => f.recording === winner)
}

/** ?person= narrows to the recordings naming that person (the other filters are not mocked). */
function byPerson(recordings: Recording[], params: URLSearchParams): Recording[] {
  const person = params.get('person')?.trim() ?? ''
  return person ? recordings.filter((r) => namesPerson(r.id, person)) : recordings
}

/** Share links of the mock server, by token (reset with the module). */
const links = new Map<
  string,
  {
    id: string
    hint: string
    token: string
    url: string
    recordingId: string
    createdAt: string
    expiresAt: string | null
    revokedAt?: string
  }
>()

export const recordingHandlers = [
  http.get('/api/v1/recordings/dashboard', ({ request }) => {
    if (!signedIn(request)) return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    const params = new URL(request.url).searchParams
    const limit = Number(params.get('limit') ?? 20)
    const offset = Number(params.get('cursor') ?? 0)
    const all = byPerson(fixtureRecordings(), params)
    const page = all.slice(offset, offset + limit)
    const next = offset + limit < all.length ? String(offset + limit) : null
    return HttpResponse.json({ data: page, nextCursor: next })
  }),

  http.get('/api/v1/recordings/search', ({ request }) => {
    if (!signedIn(request)) return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    const params = new URL(request.url).searchParams
    const q = (params.get('q') ?? '').trim().toLowerCase()
    if (!q) return fail(400, 'q is required', 'INVALID_ARGUMENT')
    const data = byPerson(mergeDuplicates(fixtureRecordings()), params).filter((r) =>
      `${r.title ?? ''} ${r.description ?? ''}`.toLowerCase().includes(q),
    )
    return HttpResponse.json({ success: true, data, total: data.length })
  }),

  http.get('/api/v1/recordings/:id', ({ request, params }) => {
    if (!signedIn(request)) return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    const file = fixtureFile(String(params.id))
    return file ? HttpResponse.json({ success: true, data: file }) : fail(404, 'Recording not found', 'NOT_FOUND')
  }),

  http.post('/api/v1/recordings/:id/view', () => HttpResponse.json({ success: true })),

  http.post('/api/v1/recordings/:id/share', async ({ request, params }) => {
    if (!signedIn(request)) return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    const { expiresIn } = ((await request.json().catch(() => ({}))) ?? {}) as { expiresIn?: number }
    const token = crypto.randomUUID().replaceAll('-', '')
    const now = Date.now()
    const link = {
      id: `id_${token}`,
      hint: token.slice(-4),
      token,
      url: `${location.origin}/shared/recording?token=${token}`,
      recordingId: String(params.id),
      createdAt: new Date(now).toISOString(),
      expiresAt: expiresIn ? new Date(now + expiresIn * 1000).toISOString() : null,
    }
    links.set(token, link)
    return HttpResponse.json(link, { status: 201 })
  }),

  http.get('/api/v1/recordings/:id/shares', ({ params }) =>
    HttpResponse.json({
      success: true,
      // Like the server: a listed link has its id and hint, never its token.
      data: [...links.values()]
        .filter((l) => l.recordingId === params.id)
        .reverse()
        .map(({ token: _, url: __, ...listed }) => listed),
    }),
  ),

  http.delete('/api/v1/share/:token', ({ params }) => {
    const named = String(params.token)
    const link = links.get(named) ?? [...links.values()].find((l) => l.id === named)
    if (!link) return fail(404, 'Share link not found', 'NOT_FOUND')
    link.revokedAt = new Date().toISOString()
    return HttpResponse.json({ success: true })
  }),

  http.get('/api/v1/share/shared/recording', ({ request }) => {
    const token = new URL(request.url).searchParams.get('token') ?? ''
    if (!token) return fail(400, 'No share token provided', 'INVALID_ARGUMENT')
    const link = links.get(token)
    if (!link || link.revokedAt) return fail(401, 'Invalid share link', 'INVALID_SHARE_TOKEN')
    if (link.expiresAt && Date.parse(link.expiresAt) <= Date.now())
      return fail(410, 'Share link expired', 'SHARE_EXPIRED')
    const file = fixtureFile(link.recordingId)
    if (!file) return fail(404, 'Recording not found', 'NOT_FOUND')
    return HttpResponse.json({
      success: true,
      data: {
        recording: { ...file.recording, speakers: file.speakers },
        owner: { displayName: 'Demo User', email: 'demo@example.com', photoURL: '' },
        summarization: Object.values(file.summarizations ?? {})[0] ?? null,
        transcription: file.transcription ?? null,
      },
    })
  }),
]
