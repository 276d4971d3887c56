import { http, HttpResponse } from 'msw'
import { fail, signedIn } from './respond'

const BUILTINS = ['General', 'Meeting', 'Lecture', 'Interview', 'One-on-one', 'Call'].map((name) => ({
  id: name.toLowerCase(),
  name,
  builtin: true,
  sections: [{ heading: 'Overview', instruction: '' }],
}))

/**
 * Summary templates and a recording's versions (docs/api.md "Summary
 * templates"): the built-ins, and no versions beyond the summary the
 * detail shows, so the version switcher stays hidden unless a test says otherwise.
 */
export const templateHandlers = [
  http.get('/api/v1/templates', ({ request }) => {
    if (!signedIn(request)) return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    return HttpResponse.json({ success: true, data: BUILTINS })
  }),
  http.get('/api/v1/recordings/:id/summaries', ({ request }) => {
    if (!signedIn(request)) return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    return HttpResponse.json({ success: true, data: [] })
  }),
]
