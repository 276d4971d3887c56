import { createContext, useContext } from 'react'

/** The detail screen's audio: what the player shows and what other parts ask of it. */
export interface Player {
  status: 'loading' | 'ready' | 'error'
  time: number
  duration: number
  playing: boolean
  rate: number
  toggle: () => void
  /** Jumps to t seconds; play starts playback there too (a clicked segment). */
  seek: (t: number, play?: boolean) => void
  skip: (seconds: number) => void
  setRate: (rate: number) => void
  retry: () => void
}

export const PlayerContext = createContext<Player | null>(null)

/** The recording's player, or null when it has no audio. */
export function usePlayer(): Player | null {
  return useContext(PlayerContext)
}

export const SKIP_SECONDS = 15
export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const
