import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Logo } from '@/ui/Logo'
import { ReleasePrerender } from '@/ui/ReleasePrerender'
import { providersQuery } from '@/data/authQueries'
import { CodeStep } from './CodeStep'
import { EmailStep } from './EmailStep'
import { LoginFooter } from './LoginFooter'
import { useEmailLogin } from './useEmailLogin'
import './login.css'

/** /login: the two-step sign-in screen (spec §2). */
export default function LoginPage() {
  const flow = useEmailLogin()
  // Known before any click, so the popup can open synchronously (see AuthProvider).
  useQuery(providersQuery)
  useEffect(() => {
    if (flow.step === 'code') flow.codeRef.current?.focus(0)
  }, [flow.step, flow.codeRef])

  return (
    <main className="login">
      {/* Drawn now: the static copy from login.html goes, before the browser paints again. */}
      <ReleasePrerender />
      <div className="login__card">
        <Logo size={48} title="Pocket" />
        {flow.step === 'email' ? <EmailStep flow={flow} /> : <CodeStep flow={flow} />}
        <LoginFooter />
      </div>
    </main>
  )
}
