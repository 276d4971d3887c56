import { MARKETING_URL } from './brand'

/** The spec's way to get a device, shown on the login page and an empty library. */
export function GetDevice() {
  return (
    <p>
      Don't have device?{' '}
      <a href={MARKETING_URL} target="_blank" rel="noopener noreferrer">
        get yours from here
      </a>
    </p>
  )
}
