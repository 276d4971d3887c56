import { describe, expect, it } from 'vitest'
import { authReducer, initialAuthState, type AuthState } from './authMachine'

const user = { uid: 'u1', email: 'a@b.c', displayName: 'A', photoURL: null }
const signedIn: AuthState = { status: 'signedIn', user, idToken: 'tok' }
const signedOut: AuthState = { status: 'signedOut', user: null, idToken: null }

describe('auth state machine', () => {
  it('starts loading with no user and no token', () => {
    expect(initialAuthState).toEqual({ status: 'loading', user: null, idToken: null })
  })

  it('loading ends on the first result: restored, signed out or failed', () => {
    expect(authReducer(initialAuthState, { type: 'RESTORED', user, idToken: 'tok' })).toEqual(signedIn)
    expect(authReducer(initialAuthState, { type: 'SIGNED_OUT' })).toEqual(signedOut)
    expect(authReducer(initialAuthState, { type: 'FAILED' })).toEqual(signedOut)
  })

  it('an offline restore is signed in without a token', () => {
    expect(authReducer(initialAuthState, { type: 'RESTORED', user, idToken: null })).toEqual({
      status: 'signedIn',
      user,
      idToken: null,
    })
  })

  it('sign-in sets user and token', () => {
    expect(authReducer(signedOut, { type: 'SIGNED_IN', user, idToken: 'tok' })).toEqual(signedIn)
  })

  it('an error clears user and token', () => {
    expect(authReducer(signedIn, { type: 'FAILED' })).toEqual(signedOut)
  })

  it('logout clears user and token', () => {
    expect(authReducer(signedIn, { type: 'SIGNED_OUT' })).toEqual(signedOut)
  })

  it('a token refresh updates a signed-in session', () => {
    const renamed = { ...user, displayName: 'Alice' }
    expect(authReducer(signedIn, { type: 'TOKEN_REFRESHED', user: renamed, idToken: 'tok2' })).toEqual({
      status: 'signedIn',
      user: renamed,
      idToken: 'tok2',
    })
  })

  it('a refresh landing after logout does not sign the user back in', () => {
    expect(authReducer(signedOut, { type: 'TOKEN_REFRESHED', user, idToken: 'late' })).toBe(signedOut)
    expect(authReducer(initialAuthState, { type: 'TOKEN_REFRESHED', user, idToken: 'late' })).toBe(initialAuthState)
  })
})
