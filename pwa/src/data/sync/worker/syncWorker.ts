/**
 * The sync worker (a dedicated Web Worker, its own chunk): pulls and applies
 * the server's changes off the page's main thread. pullInWorker.ts starts it.
 */
import { db } from '../../db'
import type { Endpoint, FromWorker, ToWorker } from './protocol'
import { serveSync } from './serveSync'

// The worker's global scope (the app's TypeScript sees the DOM's types, not the worker's).
const scope = globalThis as unknown as Endpoint<ToWorker, FromWorker> & { location: { origin: string } }
serveSync(scope, { db, origin: scope.location.origin })
