import { vi } from 'vitest'
import type { Player } from './PlayerContext'

/** A player for component tests: ready, paused at 0 unless told otherwise, every action a spy. */
export function fakePlayer(over: Partial<Player> = {}): Player {
  return {
    status: 'ready',
    time: 0,
    duration: 56,
    playing: false,
    rate: 1,
    toggle: vi.fn(),
    seek: vi.fn(),
    skip: vi.fn(),
    setRate: vi.fn(),
    retry: vi.fn(),
    ...over,
  }
}
