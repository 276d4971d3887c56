import { http, HttpResponse } from 'msw'
import { mockCandidates, mockPeople } from '../people'
import { fail, signedIn } from './respond'

/** The people endpoints (docs/api.md "People") over the shared fixtures. */
export const peopleHandlers = [
  http.get('/api/v1/people', ({ request }) => {
    if (!signedIn(request)) return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    return HttpResponse.json({ data: mockPeople() })
  }),

  http.get('/api/v1/people/candidates', ({ request }) => {
    if (!signedIn(request)) return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    const params = new URL(request.url).searchParams
    const name = params.get('name')?.trim() ?? ''
    if (!name) return fail(400, 'name is required', 'INVALID_ARGUMENT')
    const limit = Math.max(1, Number(params.get('limit')) || 20)
    const offset = Math.max(0, Number(params.get('offset')) || 0)
    const all = mockCandidates(name)
    const next = offset + limit < all.length ? offset + limit : null
    return HttpResponse.json({ data: all.slice(offset, offset + limit), total: all.length, nextOffset: next })
  }),
]
