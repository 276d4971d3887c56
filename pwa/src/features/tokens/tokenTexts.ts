import type { AccessToken, TokenScope } from '@/data/accessTokens'

export { ACCESS_TOKENS } from './label'
export const ACCESS_TOKENS_EXPLAINED =
  'Personal access tokens let your own scripts call the Pocket API as you, limited to the scopes you choose. Send one as "Authorization: Bearer <token>".'
export const TOKENS_LOADING = 'Loading your access tokens…'
export const TOKENS_FAILED = 'Your access tokens could not be loaded.'
export const TOKENS_OFFLINE = 'Access tokens are kept on the server: connect to the internet to manage them.'
export const TOKENS_UNAVAILABLE = 'This server does not offer access tokens.'
export const TOKENS_EMPTY = 'You have no access tokens yet.'
export const CREATE_TOKEN = 'Create token'
export const CREATING_TOKEN = 'Creating…'
export const NAME_REQUIRED = 'Give the token a name.'
export const SCOPE_REQUIRED = 'Choose at least one scope.'
export const CREATE_FAILED = 'The token could not be created. Check your connection and try again.'
export const SHOWN_ONCE =
  'Copy it now: this token will not be shown again. Anyone who has it can act as you within its scopes.'
export const REVOKE_FAILED = 'The token could not be revoked. Check your connection and try again.'

export const SCOPE_TEXT: Record<TokenScope, string> = {
  'recordings:read': 'Read recordings, folders, people and exports',
  'recordings:write': 'Upload, edit and delete recordings, folders and share links',
  chat: 'Ask Pocket about recordings',
  webhooks: 'Manage webhooks',
}

/** The expiry choices, in seconds (null: never). The server takes 1 hour to 365 days. */
export const EXPIRY_CHOICES: { label: string; seconds: number | null }[] = [
  { label: '7 days', seconds: 7 * 86400 },
  { label: '30 days', seconds: 30 * 86400 },
  { label: '90 days', seconds: 90 * 86400 },
  { label: '1 year', seconds: 365 * 86400 },
  { label: 'Never', seconds: null },
]
export const DEFAULT_EXPIRY = '30 days'

const dates = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const when = (iso: string) => dates.format(new Date(iso))

/** "Created Dec 1, 2026, 10:00 PM · Last used … · Expires …", in words a screen reader reads as they are. */
export function tokenDates(t: AccessToken): string {
  return [
    `Created ${when(t.createdAt)}`,
    t.lastUsedAt ? `Last used ${when(t.lastUsedAt)}` : 'Never used',
    t.expiresAt ? `Expires ${when(t.expiresAt)}` : 'Never expires',
  ].join(' · ')
}
