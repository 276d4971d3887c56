import { useEffect, useLayoutEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Logo } from '@/ui/Logo'
import { releasePrerender } from '@/ui/prerenderHandoff'
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
  // Drawn now: the static copy from login.html can go, before the browser paints again.
  useLayoutEffect(releasePrerender, [])

  useEffect(() => {
    if (flow.step === 'code') flow.codeRef.current?.focus(0)
  }, [flow.step, flow.codeRef])

  return (
    <main className="login">
      <div className="login__card">
        <Logo size={48} title="Pocket" />
        {flow.step === 'email' ? <EmailStep flow={flow} /> : <CodeStep flow={flow} />}
        <LoginFooter />
      </div>
    </main>
  )
}
