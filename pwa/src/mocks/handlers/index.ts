import { authHandlers } from './auth'
import { chatHandlers } from './chat'
import { recordingHandlers } from './recordings'

export const handlers = [...authHandlers, ...recordingHandlers, ...chatHandlers]
