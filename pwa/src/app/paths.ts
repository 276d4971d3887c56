import { decodedSegment } from '@/data/api/screenRequests'

/**
 * Which screen a path opens, written once for the code that reads paths
 * beside the route table (routes.tsx): the shell's route, the cold start
 * (before the router has rendered) and the static copy's release. Matched as
 * the router matches: case-insensitive, an optional trailing slash.
 */
const LIST_PATH = /^\/(?:recordings\/?)?$/i // "/" redirects to the list
const DETAIL_PATH = /^\/recordings\/([^/]+)\/?$/i

/** The signed-in screens of spec §2, which share the shell: the list, a recording, Ask Pocket, the digest, templates, highlights. */
export const SIGNED_IN_SCREENS = /^\/(?:recordings(?:\/[^/]+)?|ask|digest|templates|highlights)\/?$/i

export type ScreenAt = { screen: 'list' } | { screen: 'detail'; id: string }

/** The list or a recording's page at `path` (the id decoded as the screen decodes it), else undefined. */
export function screenAt(path: string): ScreenAt | undefined {
  if (LIST_PATH.test(path)) return { screen: 'list' }
  const detail = DETAIL_PATH.exec(path)
  return detail ? { screen: 'detail', id: decodedSegment(detail[1] ?? '') } : undefined
}

/**
 * The pages that may open over a static first-visit copy (login.html, a
 * server-filled shared page or recording, the list kept by the service
 * worker) and draw their own before it goes (see ui/prerenderHandoff).
 */
const DRAWS_OVER_PRERENDER = new Set(['/login', '/shared/recording', '/recordings'])

export function drawsOverPrerender(path: string): boolean {
  return DRAWS_OVER_PRERENDER.has(path.replace(/\/+$/, '')) || DETAIL_PATH.test(path)
}
