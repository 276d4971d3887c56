import { formatShortDateTime } from '@/data/normalize/recordingDates'
import { shareLinkState, type ShareLink } from '@/data/normalize/shareLink'

/** Expiry choices of the share dialog; undefined seconds: the link never expires. */
export const EXPIRY_OPTIONS: { value: string; label: string; seconds: number | undefined }[] = [
  { value: 'never', label: 'Never', seconds: undefined },
  { value: '1h', label: '1 hour', seconds: 3600 },
  { value: '1d', label: '1 day', seconds: 86_400 },
  { value: '7d', label: '7 days', seconds: 7 * 86_400 },
  { value: '30d', label: '30 days', seconds: 30 * 86_400 },
]

/** One line about a link's state: 'Never expires', 'Expires Nov 20, 9:30', 'Expired', 'Revoked'. */
export function linkStatus(link: ShareLink, now = Date.now()): string {
  switch (shareLinkState(link, now)) {
    case 'revoked':
      return 'Revoked'
    case 'expired':
      return 'Expired'
    case 'active':
      return link.expiresAt === null ? 'Never expires' : `Expires ${formatShortDateTime(link.expiresAt)}`
  }
}
