import { authHandlers } from './auth'
import { recordingHandlers } from './recordings'

export const handlers = [...authHandlers, ...recordingHandlers]
