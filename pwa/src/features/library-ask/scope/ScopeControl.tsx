import { useRef, useState } from 'react'
import { loadWhenShown } from '@/ui/loadWhenShown'
import { SCOPE, SCOPE_ACTIVE, SCOPE_WHOLE } from '../texts'
import { scopeChips, type UiScope } from './scope'
import './scope.css'

// The picker (and the folder, people and recording lists it reads) loads on
// first open, not with the page.
const ScopePicker = loadWhenShown(() => import('./ScopePicker').then((m) => m.default))

interface Props {
  scope: UiScope
  onChange: (scope: UiScope) => void
}

/**
 * "Scope": opens the picker; the active scope as chips, each with a remove
 * button. Removing a chip gives focus back to the Scope button, so the
 * keyboard never lands on nothing.
 */
export function ScopeControl({ scope, onChange }: Props) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const chips = scopeChips(scope)
  return (
    <div className="ask-scope">
      <button
        ref={button}
        type="button"
        className="button button--secondary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {SCOPE}
        {chips.length > 0 && <span className="visually-hidden">, {chips.length} set</span>}
      </button>
      {chips.length === 0 ? (
        <p className="ask-scope__whole">{SCOPE_WHOLE}</p>
      ) : (
        <ul className="ask-scope__chips" aria-label={SCOPE_ACTIVE}>
          {chips.map((chip) => (
            <li key={chip.key} className="ask-scope__chip">
              <span>{chip.label}</span>
              <button
                type="button"
                className="icon-button ask-scope__remove"
                aria-label={`Remove ${chip.label}`}
                onClick={() => {
                  onChange(chip.without(scope))
                  button.current?.focus()
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <ScopePicker
          scope={scope}
          onClose={() => setOpen(false)}
          onApply={(next) => {
            setOpen(false)
            onChange(next)
          }}
        />
      )}
    </div>
  )
}
