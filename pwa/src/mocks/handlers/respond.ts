import { HttpResponse } from 'msw'

/** The server's error shape: {success:false, message, code}. */
export function fail(status: number, message: string, code: string) {
  return HttpResponse.json({ success: false, message, code }, { status })
}
