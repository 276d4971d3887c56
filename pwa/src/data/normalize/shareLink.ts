import { asArray, asObject, text } from './loose'
import { parseTimestamp } from '../time'

type ShareLinkState = 'active' | 'expired' | 'revoked'

/**
 * A share link as the owner's dialog lists it. The server hands out a link's
 * token and url once, when it is made; listed later, a link has only its id
 * (what revoking takes) and the token's last characters.
 */
export interface ShareLink {
  id: string
  /** '' when listed: the server keeps no token to show. */
  url: string
  hint: string
  /** ms since the epoch; NaN when unknown. */
  createdAt: number
  /** ms; null: never expires. */
  expiresAt: number | null
  revokedAt: number | null
  /** Visitors must give its password first. */
  protected: boolean
  /** The shared page offers the audio as a file. */
  allowDownload: boolean
  /** Public opens so far, and the latest (ms; null: never opened). */
  views: number
  lastViewedAt: number | null
  /** A clip (ADR 24): the highlight it shares; undefined for a link to the whole recording. */
  highlightId?: string
}

export function normalizeShareLink(raw: unknown): ShareLink | null {
  const link = asObject(raw)
  const token = text(link?.token).trim()
  const id = text(link?.id).trim() || token
  if (!link || !id) return null
  const highlightId = text(link.highlightId).trim() || undefined
  const time = (value: unknown) => {
    const ms = parseTimestamp(value)
    return Number.isNaN(ms) ? null : ms
  }
  return {
    id,
    url: text(link.url).trim() || (token ? sharedPath(token, highlightId) : ''),
    hint: text(link.hint).trim() || token.slice(-4),
    createdAt: parseTimestamp(link.createdAt),
    expiresAt: time(link.expiresAt),
    revokedAt: time(link.revokedAt),
    protected: link.protected === true,
    allowDownload: link.allowDownload !== false,
    views: typeof link.views === 'number' && Number.isFinite(link.views) ? link.views : 0,
    lastViewedAt: time(link.lastViewedAt),
    ...(highlightId ? { highlightId } : {}),
  }
}

/** GET …/shares answers {success, data: [link…]}; a bare array is accepted too. */
export function normalizeShareLinks(raw: unknown): ShareLink[] {
  const list = asArray(asObject(raw)?.data ?? raw) ?? []
  return list.map(normalizeShareLink).filter((l): l is ShareLink => l !== null)
}

export function shareLinkState(link: ShareLink, now = Date.now()): ShareLinkState {
  if (link.revokedAt !== null) return 'revoked'
  if (link.expiresAt !== null && link.expiresAt <= now) return 'expired'
  return 'active'
}

/** The app's own path for a share token (used when the server sends no url): a clip's or a recording's page. */
function sharedPath(token: string, highlightId: string | undefined): string {
  return `/shared/${highlightId ? 'clip' : 'recording'}?token=${encodeURIComponent(token)}`
}
