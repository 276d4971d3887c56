import { readPushState, turnPushOff, turnPushOn, type PushState } from '@/data/push/device'
import { describePushError } from './describePushError'

/*
 * What the Notifications switch does, loaded when the user menu first asks:
 * the push client and its error texts need the Connect runtime, which the
 * list does not otherwise load before it draws.
 */

export { readPushState }

/** Thrown by changePush: its message is what the menu says (describePushError), the browser's or server's error its cause. */
export class PushChangeError extends Error {
  override name = 'PushChangeError'
}

/** Turns push on or off on this device; a failure comes with what the menu should say about it. */
export async function changePush(turnOn: boolean): Promise<PushState> {
  try {
    return await (turnOn ? turnPushOn() : turnPushOff())
  } catch (error) {
    throw new PushChangeError(describePushError(error, turnOn), { cause: error })
  }
}
