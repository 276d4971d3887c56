import { useEffect } from 'react'
import { useLatest } from '@/ui/useLatest'
import type { Player } from './PlayerContext'

/**
 * The player's keys, anywhere on the detail screen except while typing or on
 * a control that uses the key itself: Space or K plays and pauses, J and L
 * skip back and forward; the arrow keys do too when nothing that moves with
 * arrows (a tab list, a slider, a menu) has focus.
 */
export function useShortcuts(player: Player, skipSeconds: number) {
  const latest = useLatest(player)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return
      const p = latest.current
      if (p.status !== 'ready') return
      const onControl = usesKeys(e.target)
      const action = actionFor(e.key, onControl)
      if (!action) return
      e.preventDefault()
      if (action === 'toggle') p.toggle()
      else p.skip(action === 'back' ? -skipSeconds : skipSeconds)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [latest, skipSeconds])
}

type Action = 'toggle' | 'back' | 'forward'

export function actionFor(key: string, onControl: boolean): Action | null {
  switch (key) {
    case 'k':
    case 'K':
      return 'toggle'
    case ' ':
      return onControl ? null : 'toggle'
    case 'j':
    case 'J':
      return 'back'
    case 'l':
    case 'L':
      return 'forward'
    case 'ArrowLeft':
      return onControl ? null : 'back'
    case 'ArrowRight':
      return onControl ? null : 'forward'
  }
  return null
}

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  return (
    target instanceof HTMLInputElement &&
    target.type !== 'range' &&
    target.type !== 'checkbox' &&
    target.type !== 'button'
  )
}

/** Focus on something Space or the arrows already operate. */
function usesKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (
    target.closest(
      'button, a, input, [role="tab"], [role="slider"], [role="menuitem"], [role="option"], [role="treeitem"]',
    )
  )
    return true
  return false
}
