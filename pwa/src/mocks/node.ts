import { setupServer } from 'msw/node'
import { handlers } from './handlers'

/** Unit and component tests: the same handlers, in Node. */
export const server = setupServer(...handlers)
