import { setupWorker } from 'msw/browser'
import { handlers } from './handlers'

/** `npm run dev` only: the app talks to these handlers instead of a server. */
export const worker = setupWorker(...handlers)
