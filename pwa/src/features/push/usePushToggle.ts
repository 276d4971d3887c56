import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PushState } from '@/data/push/device'

const pushActions = () => import('./pushActions')

export const pushKeys = {
  all: ['push'] as const,
  device: () => [...pushKeys.all, 'device'] as const,
  toggle: () => [...pushKeys.all, 'toggle'] as const,
}

export interface PushToggle {
  /** Unknown until the browser answered (a moment after the menu opens). */
  state: PushState | null
  /** A change is under way (also when the menu was closed and opened again meanwhile). */
  busy: boolean
  error: string | null
  toggle: () => void
}

/**
 * This device's push state, read from the browser (never prompting), and
 * the change a click asks for. Both work offline: nothing is paused waiting
 * for the network, a call that cannot reach the server fails and says so.
 */
export function usePushToggle(): PushToggle {
  const queryClient = useQueryClient()
  const { data: state = null } = useQuery({
    queryKey: pushKeys.device(),
    queryFn: async () => (await pushActions()).readPushState(),
    networkMode: 'always',
    staleTime: 0,
  })
  const busy = useIsMutating({ mutationKey: pushKeys.toggle() }) > 0
  const mutation = useMutation({
    mutationKey: pushKeys.toggle(),
    networkMode: 'always',
    mutationFn: async (turnOn: boolean) => (await pushActions()).changePush(turnOn),
    onSuccess: (next) => queryClient.setQueryData(pushKeys.device(), next),
    onError: (error) => console.error('Changing push notifications failed', error),
  })
  const turningOn = mutation.variables ?? true
  return {
    state,
    busy,
    error: mutation.isError ? errorText(mutation.error, turningOn) : null,
    toggle: () => {
      if (busy || state === null || state === 'unsupported') return
      mutation.mutate(state !== 'on')
    },
  }
}

/** What changePush said, or, when its code could not even load (a deploy replaced it), a plain failure. */
function errorText(error: Error, turningOn: boolean): string {
  return error.name === 'PushChangeError'
    ? error.message
    : `Couldn't turn notifications ${turningOn ? 'on' : 'off'}. Something went wrong. Reload the page, then try again.`
}
