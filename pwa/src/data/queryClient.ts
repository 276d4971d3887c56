import { QueryClient } from '@tanstack/react-query'
import { isApiError } from './api/errors'

/**
 * Screens read IndexedDB first, so queries only refresh it: 'offlineFirst'
 * still tries the network once when the browser claims to be offline (the
 * claim is often wrong), and client errors (4xx) are never retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        staleTime: 30_000,
        retry: (failures, error) => failures < 2 && !isClientError(error),
      },
      mutations: { networkMode: 'offlineFirst', retry: false },
    },
  })
}

function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500
}
