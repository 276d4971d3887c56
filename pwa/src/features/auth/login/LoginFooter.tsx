import { MARKETING_URL, PRIVACY_URL, TERMS_URL } from '@/app/brand'

/** Compliance statement, legal links and the way to get a device (spec §1). */
export function LoginFooter() {
  return (
    <footer className="login__footer">
      <p>We are SOC2 Type 1 and Type 2 certified and HIPAA compliant.</p>
      <p>
        By continuing, you agree to our{' '}
        <a href={TERMS_URL} target="_blank" rel="noopener noreferrer">
          Terms of Service
        </a>{' '}
        and{' '}
        <a href={PRIVACY_URL} target="_blank" rel="noopener noreferrer">
          Privacy Policy
        </a>
        .
      </p>
      <p>
        Don't have device?{' '}
        <a href={MARKETING_URL} target="_blank" rel="noopener noreferrer">
          get yours from here
        </a>
      </p>
    </footer>
  )
}
