import { useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { DEFAULT_CODE_VALIDITY_SECONDS, sendOtp, verifyOtp } from '@/data/api/auth'
import { saveUserData } from '@/data/userData'
import { useToast } from '@/ui/toast/toastContext'
import { useAuth } from '../AuthContext'
import { codeOf, emptyDigits, isComplete } from './codeDigits'
import type { CodeInputHandle } from './CodeInput'
import { sendCodeError, TOAST_MS, VERIFY_SUCCESS, verifyError } from './loginMessages'

type LoginStep = 'email' | 'code'

/**
 * The e-mail code sign-in (spec §4): email step → code step after a code is
 * sent; verify logs in with the returned token and goes to /recordings.
 */
export function useEmailLogin() {
  const { loginWithCustomToken } = useAuth()
  const toast = useToast()
  const [, navigate] = useLocation()
  const codeRef = useRef<CodeInputHandle>(null)

  const [step, setStep] = useState<LoginStep>('email')
  const [email, setEmail] = useState('')
  const [digits, setDigits] = useState<string[]>(emptyDigits)
  const [expiresIn, setExpiresIn] = useState(DEFAULT_CODE_VALIDITY_SECONDS)
  /** Bumped on every successful send: restarts the countdown. */
  const [sendCount, setSendCount] = useState(0)
  const [sending, setSending] = useState(false)
  const [verifying, setVerifying] = useState(false)

  const canContinue = email.includes('@') && !sending

  const sendCode = async (): Promise<boolean> => {
    setSending(true)
    try {
      const res = await sendOtp(email.trim())
      setExpiresIn(res.expiresIn)
      setSendCount((n) => n + 1)
      return true
    } catch (error) {
      const { message, duration } = sendCodeError(error)
      toast.error(message, { duration })
      return false
    } finally {
      setSending(false)
    }
  }

  const submitEmail = async () => {
    if (!email.trim() || !email.includes('@') || sending) return
    if (await sendCode()) {
      setDigits(emptyDigits())
      setStep('code')
    }
  }

  const resend = async () => {
    setDigits(emptyDigits())
    await sendCode()
    codeRef.current?.focus(0)
  }

  const changeEmail = () => {
    setDigits(emptyDigits())
    setStep('email')
  }

  const verify = async () => {
    if (!isComplete(digits) || verifying) return
    setVerifying(true)
    try {
      const res = await verifyOtp(email.trim(), codeOf(digits))
      await loginWithCustomToken(res.data.token)
      saveUserData(res.data.user)
      toast.success(VERIFY_SUCCESS, { duration: TOAST_MS.success })
      navigate('/recordings', { replace: true })
    } catch (error) {
      const { message, duration } = verifyError(error)
      toast.error(message, { duration })
      setDigits(emptyDigits())
      codeRef.current?.focus(0)
    } finally {
      setVerifying(false)
    }
  }

  return {
    step,
    email,
    setEmail,
    digits,
    setDigits,
    expiresIn,
    sendCount,
    sending,
    verifying,
    canContinue,
    codeRef,
    submitEmail,
    resend,
    changeEmail,
    verify,
  }
}

export type EmailLogin = ReturnType<typeof useEmailLogin>
