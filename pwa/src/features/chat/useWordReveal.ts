import { useEffect, useState } from 'react'
import { usePrefersReducedMotion } from '@/ui/usePrefersReducedMotion'

/** Spec §9: the reply appears word by word, about 50 ms per word. */
export const WORD_MS = 50

/** The text's words with the whitespace after each, so joining them restores it exactly. */
export function splitWords(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? []
}

/**
 * The part of `text` revealed so far, one more word every 50 ms while
 * `active`. With reduced motion (or inactive) the whole text shows at once.
 * `done` turns true when everything is shown.
 */
export function useWordReveal(text: string, active: boolean): { shown: string; done: boolean } {
  const still = usePrefersReducedMotion()
  const animate = active && !still
  const words = splitWords(text)
  const [count, setCount] = useState(animate ? 0 : words.length)

  useEffect(() => {
    if (!animate) return
    const total = splitWords(text).length
    const timer = setInterval(() => {
      setCount((n) => {
        if (n + 1 >= total) clearInterval(timer)
        return Math.min(n + 1, total)
      })
    }, WORD_MS)
    return () => clearInterval(timer)
  }, [animate, text])

  if (!animate || count >= words.length) return { shown: text, done: true }
  return { shown: words.slice(0, count).join(''), done: false }
}
