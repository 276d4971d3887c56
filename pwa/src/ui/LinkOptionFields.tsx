import { EXPIRY_OPTIONS } from '@/data/shareExpiry'

export interface LinkOptions {
  expiry: string
  password: string
  allowDownload: boolean
}

interface Props {
  /** The form's id base: each field's id and its label's for are made from it. */
  id: string
  value: LinkOptions
  onChange: (next: LinkOptions) => void
}

/**
 * A share link's options, for a recording's link and a clip's alike: when it
 * expires, an optional password (4 to 128 characters, as the server takes it)
 * and whether visitors may download the audio.
 */
export function LinkOptionFields({ id, value, onChange }: Props) {
  const set = (part: Partial<LinkOptions>) => onChange({ ...value, ...part })
  return (
    <>
      <label htmlFor={`${id}-expiry`}>Link expires after</label>
      <select id={`${id}-expiry`} value={value.expiry} onChange={(e) => set({ expiry: e.target.value })}>
        {EXPIRY_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-password`}>Password (optional)</label>
      <input
        id={`${id}-password`}
        type="password"
        autoComplete="new-password"
        minLength={4}
        maxLength={128}
        value={value.password}
        onChange={(e) => set({ password: e.target.value })}
        aria-describedby={`${id}-password-hint`}
      />
      <span id={`${id}-password-hint`} className="share-dialog__muted share-dialog__hint">
        Visitors must enter it before they see anything. 4 to 128 characters.
      </span>
      <label className="share-dialog__check">
        <input
          type="checkbox"
          checked={value.allowDownload}
          onChange={(e) => set({ allowDownload: e.target.checked })}
        />
        Allow audio download
      </label>
    </>
  )
}
