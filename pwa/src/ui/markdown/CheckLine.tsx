import { useId, useState, type ReactNode } from 'react'

interface CheckLineProps {
  /** Starting state; later changes are local to this screen and never saved (spec §4). */
  initialChecked: boolean
  children: ReactNode
}

/**
 * A checkable line (summary `li-check`, markdown `- [ ]`): a real checkbox
 * whose label is the line's text; a checked line is struck through and muted.
 */
export function CheckLine({ initialChecked, children }: CheckLineProps) {
  const [checked, setChecked] = useState(initialChecked)
  const id = useId()
  return (
    <span className={checked ? 'check-line check-line--done' : 'check-line'}>
      <input id={id} type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
      <label htmlFor={id}>{children}</label>
    </span>
  )
}
