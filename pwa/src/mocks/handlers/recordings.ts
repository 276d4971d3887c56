import { http, HttpResponse } from 'msw'
import { fixtureRecordings } from '../fixtures'
import { idTokenFor, mockAuth } from '../mockAuthState'
import { fail } from './respond'

function signedIn(request: Request): boolean {
  const user = mockAuth.session()
  return user !== null && request.headers.get('Authorization') === `Bearer ${idTokenFor(user)}`
}

export const recordingHandlers = [
  http.get('/api/v1/recordings/dashboard', ({ request }) => {
    if (!signedIn(request)) return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    const params = new URL(request.url).searchParams
    const limit = Number(params.get('limit') ?? 20)
    const offset = Number(params.get('cursor') ?? 0)
    const all = fixtureRecordings()
    const page = all.slice(offset, offset + limit)
    const next = offset + limit < all.length ? String(offset + limit) : null
    return HttpResponse.json({ data: page, nextCursor: next })
  }),
]
