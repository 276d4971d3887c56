import type { SocialProvider } from '@/data/api/auth'

/** Codes follow the identity library's names (spec §8) so logs read the same. */
class AuthFlowError extends Error {
  readonly code: string
  constructor(code: string, message: string) {
    super(message)
    this.name = 'AuthFlowError'
    this.code = code
  }
}

export class PopupBlockedError extends AuthFlowError {
  constructor() {
    super('auth/popup-blocked', 'The sign-in popup was blocked by the browser')
  }
}

/** The user closed the popup: not an error anyone needs to see. */
export class PopupClosedError extends AuthFlowError {
  constructor() {
    super('auth/popup-closed-by-user', 'The sign-in popup was closed')
  }
}

/** A newer popup request replaced this one. */
export class PopupCancelledError extends AuthFlowError {
  constructor() {
    super('auth/cancelled-popup-request', 'A newer sign-in popup replaced this one')
  }
}

export class ProviderNotConfiguredError extends AuthFlowError {
  readonly provider: SocialProvider
  constructor(provider: SocialProvider) {
    super('auth/operation-not-allowed', `Sign-in with ${providerLabel(provider)} is not configured on this server`)
    this.provider = provider
  }
}

/** The provider or our callback reported a failure through the popup. */
export class ProviderSignInError extends AuthFlowError {
  constructor(message: string) {
    super('auth/invalid-auth-event', message)
  }
}

export function providerLabel(provider: SocialProvider): string {
  return provider === 'google' ? 'Google' : 'Apple'
}

/** Outcomes the user caused or that a newer request superseded: stay silent. */
export function isSilentAuthError(error: unknown): boolean {
  return error instanceof PopupClosedError || error instanceof PopupCancelledError
}
