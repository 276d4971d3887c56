export const SIGN_OUT_EVERYWHERE = 'Sign out of all devices'
export const SIGN_OUT_EVERYWHERE_TITLE = 'Sign out of all devices?'
export const SIGN_OUT_EVERYWHERE_EXPLAINED =
  'Every device signed in to your account, including this one, will be signed out at once. You will need to sign in again on each of them.'
export const SIGNING_OUT = 'Signing out…'
export const SIGN_OUT_EVERYWHERE_FAILED =
  'Your devices could not be signed out. Check your connection and try again; this device is still signed in.'
export const ALSO_REVOKE_TOKENS = 'Also revoke my access tokens'
export const ALSO_REVOKE_TOKENS_EXPLAINED =
  'Scripts and apps using your personal access tokens stop working. Left unticked, the tokens keep working.'
