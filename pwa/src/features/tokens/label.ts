/** The user menu's item: on its own, so the shell does not carry the dialog's texts. */
export const ACCESS_TOKENS = 'Access tokens'
