import { CopyField } from '@/ui/CopyField'
import { SECRET_SHOWN_ONCE } from './webhookTexts'

export interface ShownSecret {
  label: string
  secret: string
}

/** A signing secret just made (new endpoint, or rotation), with Copy; shown this once. */
export function SecretShownOnce({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  return (
    <section className="webhooks-dialog__created" aria-label="New signing secret">
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the secret just made gets focus, ready to copy */}
      <CopyField label={shown.label} url={shown.secret} noun="secret" autoFocus />
      <p className="webhooks-dialog__once">{SECRET_SHOWN_ONCE}</p>
      <button type="button" className="button" onClick={onDone}>
        Done
      </button>
    </section>
  )
}
