import { useEffect, useState } from 'react'
import { formatClock } from '@/data/time'

/**
 * Seconds left of `totalSeconds`, restarting whenever `resetKey` changes.
 * Counts against a deadline, not ticks, so a throttled background tab still
 * shows the right time when it comes back.
 */
export function useCountdown(totalSeconds: number, resetKey: unknown): number {
  const [remaining, setRemaining] = useState(totalSeconds)

  useEffect(() => {
    const deadline = Date.now() + totalSeconds * 1000
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a restart (resetKey) shows the full time again at once
    setRemaining(totalSeconds)
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
      setRemaining(left)
      if (left === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [totalSeconds, resetKey])

  return remaining
}

/** 600 → "10:00", 59 → "0:59" (spec §9: m:ss). */
export const formatCountdown = formatClock
