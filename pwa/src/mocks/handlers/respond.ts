import { HttpResponse } from 'msw'
import { idTokenFor, mockAuth } from '../mockAuthState'

/** The server's error shape: {success:false, message, code}. */
export function fail(status: number, message: string, code: string) {
  return HttpResponse.json({ success: false, message, code }, { status })
}

/** True when the request carries the signed-in mock user's bearer token. */
export function signedIn(request: Request): boolean {
  const user = mockAuth.session()
  return user !== null && request.headers.get('Authorization') === `Bearer ${idTokenFor(user)}`
}
