import { queryOptions } from '@tanstack/react-query'
import { getProviders } from './api/auth'
import { authKeys } from './keys'

/**
 * Which social buttons the server can honour. Asked for when the login screen
 * opens, because the click that opens a popup cannot wait for a request.
 */
export const providersQuery = queryOptions({
  queryKey: authKeys.providers(),
  queryFn: getProviders,
  staleTime: 5 * 60 * 1000,
  retry: false,
})
