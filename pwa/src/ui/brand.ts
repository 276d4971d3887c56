/** Texts and links about the product itself, in one place. */
export const PRODUCT_NAME = 'Pocket'
export const TAGLINE = 'Your AI thought companion'
export const BETA_BADGE = 'Web Beta'

/** The provider's marketing site; deployments may point elsewhere. */
export const MARKETING_URL: string = import.meta.env.VITE_MARKETING_URL ?? 'https://heypocket.com'
export const TERMS_URL = `${MARKETING_URL}/terms`
export const PRIVACY_URL = `${MARKETING_URL}/privacy`
