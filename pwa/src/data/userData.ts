import type { AuthUser } from './api/auth'

/**
 * Where the spec's `userData` (displayName, email) lives after e-mail login.
 * Local storage only, so the login screen can write it without loading the
 * IndexedDB layer.
 */
export const USER_DATA_KEY = 'userData'

export function saveUserData(user: Pick<AuthUser, 'displayName' | 'email'>): void {
  try {
    localStorage.setItem(USER_DATA_KEY, JSON.stringify({ displayName: user.displayName, email: user.email }))
  } catch (error) {
    console.warn('Could not store userData', error) // private mode or quota: not fatal
  }
}
