import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { readPushState, turnPushOff, turnPushOn, type PushState } from '@/data/push/device'
import { describePushError } from './describePushError'

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
  toggle(): void
}

/**
 * This device's push state, read from the browser (never prompting), and
 * the change a click asks for. Both work offline: nothing is paused waiting
 * for the network, a call that cannot reach the server fails and says so.
 */
export function usePushToggle(): PushToggle {
  const queryClient = useQueryClient()
  const { data: state = null } = useQuery({ queryKey: pushKeys.device(), queryFn: () => readPushState(), networkMode: 'always', staleTime: 0 })
  const busy = useIsMutating({ mutationKey: pushKeys.toggle() }) > 0
  const mutation = useMutation({
    mutationKey: pushKeys.toggle(),
    networkMode: 'always',
    mutationFn: (turnOn: boolean) => (turnOn ? turnPushOn() : turnPushOff()),
    onSuccess: (next) => queryClient.setQueryData(pushKeys.device(), next),
    onError: (error) => console.error('Changing push notifications failed', error),
  })
  const turningOn = mutation.variables ?? true
  return {
    state,
    busy,
    error: mutation.isError ? describePushError(mutation.error, turningOn) : null,
    toggle: () => {
      if (busy || state === null || state === 'unsupported') return
      mutation.mutate(state !== 'on')
    },
  }
}
