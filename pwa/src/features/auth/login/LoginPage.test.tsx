import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { DEV_CODE } from '@/mocks/mockAuthState'
import { renderApp } from '@/test/render'

/** Fake clocks for the countdown and toast timers; IndexedDB keeps its own. */
function useClock() {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  })
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
}

async function openLogin() {
  const app = renderApp('/login')
  await screen.findByRole('heading', { name: 'Welcome to Pocket' })
  return app
}

async function toCodeStep(user: ReturnType<typeof userEvent.setup>, email = 'alice@example.com') {
  await user.type(screen.getByLabelText('Email'), email)
  await user.click(screen.getByRole('button', { name: 'Continue with Email' }))
  await screen.findByRole('heading', { name: 'Enter verification code' })
}

const boxes = () => screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ })
const codeValue = () =>
  boxes()
    .map((b) => (b as HTMLInputElement).value)
    .join('')

function failSend(status: number, message?: string) {
  server.use(
    http.post('/api/v1/auth/email/send-otp', () =>
      HttpResponse.json(message ? { success: false, message } : {}, { status }),
    ),
  )
}

function failVerify(status: number, message?: string) {
  server.use(
    http.post('/api/v1/auth/email/verify-otp', () =>
      HttpResponse.json(message ? { success: false, message } : {}, { status }),
    ),
  )
}

/**
 * The toast is there for `ms` and gone right after. The fake clock also moves with real time, so
 * under load the toast may have been up a while before `findByText` sees it: its timer started
 * somewhere between `shownAfter` (taken before the action) and the moment it is found, and the
 * two checks are made against those two bounds.
 */
async function expectToastFor(text: string, ms: number, shownAfter: number, role: 'alert' | 'status' = 'alert') {
  const toast = await screen.findByText(text)
  const foundAt = Date.now()
  expect(toast.closest(`[role="${role}"]`)).not.toBeNull()
  act(() => void vi.advanceTimersByTime(Math.max(0, shownAfter + ms - 50 - Date.now())))
  expect(screen.getByText(text)).toBeInTheDocument()
  act(() => void vi.advanceTimersByTime(Math.max(0, foundAt + ms + 50 - Date.now())))
  expect(screen.queryByText(text)).not.toBeInTheDocument()
}

describe('login: email step', () => {
  it('offers Google, Apple and e-mail, and the legal and device links', async () => {
    await openLogin()
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeEnabled()
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Email')).toBeRequired()
    expect(screen.getByText(/SOC2 Type 1 and Type 2/)).toHaveTextContent(/HIPAA/)
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      expect.stringMatching(/terms/),
    )
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      expect.stringMatching(/privacy/),
    )
    expect(screen.getByRole('link', { name: 'get yours from here' })).toBeInTheDocument()
  })

  it('Continue is disabled until the e-mail has an @', async () => {
    const user = userEvent.setup()
    await openLogin()
    const button = screen.getByRole('button', { name: 'Continue with Email' })
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText('Email'), 'alice')
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText('Email'), '@')
    expect(button).toBeEnabled()
  })
})

describe('login: code step', () => {
  it('shows the heading, the note with the address, a countdown and six boxes; Verify waits for 6 digits', async () => {
    const user = userEvent.setup()
    await openLogin()
    await toCodeStep(user)
    expect(screen.getByText(/We sent a 6-digit code to/)).toHaveTextContent('alice@example.com')
    expect(screen.getByText('10:00')).toBeInTheDocument()
    expect(boxes()).toHaveLength(6)
    expect(boxes()[0]).toHaveFocus()
    const verify = screen.getByRole('button', { name: 'Verify Code' })
    expect(verify).toBeDisabled()
    await user.keyboard('12345')
    expect(verify).toBeDisabled()
    await user.keyboard('6')
    expect(verify).toBeEnabled()
  })

  it('counts down m:ss from expiresIn; at 0 the banner shows and Resend becomes available', async () => {
    server.use(
      http.post('/api/v1/auth/email/send-otp', () =>
        HttpResponse.json({ success: true, message: 'sent', expiresIn: 75 }),
      ),
    )
    const user = useClock()
    await openLogin()
    await toCodeStep(user)
    expect(screen.getByText('1:15')).toBeInTheDocument()
    const resend = screen.getByRole('button', { name: 'Resend Code' })
    expect(resend).toBeDisabled()
    act(() => void vi.advanceTimersByTime(16_000))
    expect(screen.getByText('0:59')).toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(60_000))
    expect(screen.getByRole('alert')).toHaveTextContent('Code expired. Please request a new one.')
    expect(resend).toBeEnabled()
  })

  it('Resend clears the code, sends a new one and restarts the countdown', async () => {
    let sends = 0
    server.use(
      http.post('/api/v1/auth/email/send-otp', () => (sends++, HttpResponse.json({ success: true, expiresIn: 30 }))),
    )
    const user = useClock()
    await openLogin()
    await toCodeStep(user)
    await user.keyboard('123')
    act(() => void vi.advanceTimersByTime(31_000))
    await user.click(screen.getByRole('button', { name: 'Resend Code' }))
    await waitFor(() => expect(sends).toBe(2))
    expect(codeValue()).toBe('')
    expect(await screen.findByText('0:30')).toBeInTheDocument()
    expect(screen.queryByText('Code expired. Please request a new one.')).not.toBeInTheDocument()
  })

  it('Change Email returns to the email step; the next code restarts the countdown', async () => {
    server.use(http.post('/api/v1/auth/email/send-otp', () => HttpResponse.json({ success: true, expiresIn: 600 })))
    const user = useClock()
    await openLogin()
    await toCodeStep(user)
    act(() => void vi.advanceTimersByTime(100_000))
    expect(screen.getByText('8:20')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Change Email' }))
    expect(screen.getByRole('heading', { name: 'Welcome to Pocket' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com')
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }))
    await screen.findByRole('heading', { name: 'Enter verification code' })
    expect(screen.getByText('10:00')).toBeInTheDocument()
    expect(codeValue()).toBe('')
  })

  it('a good code signs in, says so for 3 s, stores userData and goes to /recordings', async () => {
    const user = useClock()
    const { router } = await openLogin()
    await toCodeStep(user)
    await user.paste(DEV_CODE)
    const clickedAt = Date.now()
    await user.click(screen.getByRole('button', { name: 'Verify Code' }))
    await waitFor(() => expect(router.location.pathname).toBe('/recordings'))
    expect(JSON.parse(localStorage.getItem('userData') ?? 'null')).toEqual({
      displayName: 'Alice',
      email: 'alice@example.com',
    })
    await expectToastFor('Verification successful!', 3000, clickedAt, 'status')
  })

  it('a wrong code shows the error and clears the boxes', async () => {
    const user = userEvent.setup()
    await openLogin()
    await toCodeStep(user)
    await user.keyboard('000000')
    await user.click(screen.getByRole('button', { name: 'Verify Code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code')
    expect(codeValue()).toBe('')
    expect(boxes()[0]).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Verify Code' })).toBeDisabled()
  })
})

describe('login: error catalogue (spec §8)', () => {
  it.each([
    [
      429,
      'Please wait 42 seconds before requesting a new code',
      'Please wait 42 seconds before requesting a new code',
      5000,
    ],
    [
      429,
      'Please wait 150 seconds before requesting a new code',
      'Please wait 2m 30s before requesting a new code',
      5000,
    ],
    [429, 'Too many failed attempts. Try again in 15 minutes.', 'Account locked. Please try again in 15 minutes', 6000],
    [400, 'Invalid email address', 'Invalid email address', 4000],
    [500, undefined, 'Failed to send verification code', 4000],
  ])('send %i "%s" → "%s" for %i ms', async (status, serverText, shown, ms) => {
    failSend(status, serverText)
    const user = useClock()
    await openLogin()
    await user.type(screen.getByLabelText('Email'), 'alice@example.com')
    const clickedAt = Date.now()
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }))
    await expectToastFor(shown, ms, clickedAt)
    expect(screen.getByRole('heading', { name: 'Welcome to Pocket' })).toBeInTheDocument()
  })

  it('send with no network → Failed to send verification code', async () => {
    server.use(http.post('/api/v1/auth/email/send-otp', () => HttpResponse.error()))
    const user = userEvent.setup()
    await openLogin()
    await user.type(screen.getByLabelText('Email'), 'alice@example.com')
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send verification code')
  })

  it.each([
    [400, 'Invalid verification code', 'Invalid verification code'],
    [400, 'Verification code expired. Please request a new one.', 'Code expired. Please request a new one'],
    [429, 'Too many failed attempts. Try again in 15 minutes.', 'Too many failed attempts. Try again in 15 minutes.'],
    [500, undefined, 'Verification failed'],
  ])('verify %i "%s" → "%s" for 4 s, boxes cleared', async (status, serverText, shown) => {
    failVerify(status, serverText)
    const user = useClock()
    await openLogin()
    await toCodeStep(user)
    await user.paste('123456')
    const clickedAt = Date.now()
    await user.click(screen.getByRole('button', { name: 'Verify Code' }))
    await expectToastFor(shown, 4000, clickedAt)
    expect(codeValue()).toBe('')
  })

  it('a failed session exchange after a good code counts as a failed verify', async () => {
    server.use(http.post('/api/v1/auth/session', () => HttpResponse.json({ success: false }, { status: 503 })))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const user = userEvent.setup()
    const { router } = await openLogin()
    await toCodeStep(user)
    await user.paste(DEV_CODE)
    await user.click(screen.getByRole('button', { name: 'Verify Code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Verification failed')
    expect(router.location.pathname).toBe('/login')
    expect(codeValue()).toBe('')
    expect(logged).toHaveBeenCalledWith('Sign-in failed', expect.anything())
  })
})

describe('login: Google and Apple', () => {
  const providers = (google: boolean, apple: boolean) =>
    server.use(http.get('/api/v1/auth/providers', () => HttpResponse.json({ google, apple })))

  async function openWithProviders(google: boolean, apple: boolean) {
    providers(google, apple)
    const app = await openLogin()
    await waitFor(() => expect(app.queryClient.getQueryData(['auth', 'providers'])).toEqual({ google, apple }))
    return app
  }

  it('an unconfigured provider says so and opens nothing', async () => {
    const open = vi.spyOn(window, 'open')
    const user = userEvent.setup()
    await openWithProviders(false, false)
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in with Google is not configured on this server')
    await user.click(screen.getByRole('button', { name: 'Continue with Apple' }))
    expect(await screen.findByText('Sign-in with Apple is not configured on this server')).toBeInTheDocument()
    expect(open).not.toHaveBeenCalled()
  })

  it('a blocked popup shows a clear toast', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    const user = userEvent.setup()
    await openWithProviders(true, true)
    await user.click(screen.getByRole('button', { name: 'Continue with Apple' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/popup was blocked/)
  })

  it('a token posted back by the popup signs in and goes to /recordings', async () => {
    const popup = { closed: false, focus: vi.fn(), close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    const user = userEvent.setup()
    const { router } = await openWithProviders(true, false)
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    expect(open).toHaveBeenCalledWith(
      '/api/v1/auth/google/start',
      'pocket-auth',
      expect.stringContaining('width=500,height=600'),
    )
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: 'pocket-auth', provider: 'google', token: 'mock-custom-token.gina@example.com' },
        }),
      )
    })
    await waitFor(() => expect(router.location.pathname).toBe('/recordings'))
    expect(await screen.findByRole('button', { name: /Gina/ })).toBeInTheDocument()
  })

  it('a popup the user closes does nothing', async () => {
    const popup = { closed: false, focus: vi.fn(), close: vi.fn() }
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    const error = vi.spyOn(console, 'error')
    const user = useClock()
    const { router } = await openWithProviders(true, true)
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    popup.closed = true
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000)
    })
    expect(router.location.pathname).toBe('/login')
    expect(within(document.body).queryByRole('alert')).not.toBeInTheDocument()
    expect(error).not.toHaveBeenCalled()
  })
})
