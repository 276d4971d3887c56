import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'

/** What a personal access token may do (docs/api.md "Access tokens"). */
export const TOKEN_SCOPES = ['recordings:read', 'recordings:write', 'chat', 'webhooks'] as const
export type TokenScope = (typeof TOKEN_SCOPES)[number]

/** A token as GET /api/v1/tokens lists it: never its secret. Times are ISO strings; null: never. */
export interface AccessToken {
  id: string
  name: string
  scopes: string[]
  createdAt: string
  expiresAt: string | null
  lastUsedAt: string | null
}

/** A token just made: the one answer that carries its secret. */
export interface CreatedToken extends AccessToken {
  token: string
}

export interface NewToken {
  name: string
  scopes: TokenScope[]
  /** Seconds; left out: never expires. */
  expiresIn?: number
}

export const accessTokenKeys = { all: ['access-tokens'] as const }

/** The user's tokens, newest first; asked afresh whenever the dialog opens. */
export const accessTokensQuery = () =>
  queryOptions({
    queryKey: accessTokenKeys.all,
    queryFn: async ({ signal }) => {
      const body = await apiRequest<{ data?: unknown }>('/api/v1/tokens', { signal })
      return Array.isArray(body.data) ? (body.data as AccessToken[]) : []
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })

export async function createAccessToken(input: NewToken): Promise<CreatedToken> {
  const body = await apiRequest<{ data: CreatedToken }>('/api/v1/tokens', { method: 'POST', body: input })
  return body.data
}

export async function revokeAccessToken(id: string): Promise<void> {
  await apiRequest<unknown>(`/api/v1/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' })
}
