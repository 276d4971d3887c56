import { PRIVACY_URL, TERMS_URL } from '@/ui/brand'
import { GetDevice } from '@/ui/GetDevice'

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
      <GetDevice />
    </footer>
  )
}
