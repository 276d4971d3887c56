/** What a load-error screen says, and whether trying again can help. */
export interface ErrorScreenText {
  title: string
  message: string
  retry: boolean
}

/** Spec §2: a recording that loaded but holds nothing to show (signed-in and shared pages alike). */
export const NO_DATA_SCREEN: ErrorScreenText = {
  title: 'No Data',
  message: 'Unable to load recording data.',
  retry: true,
}
