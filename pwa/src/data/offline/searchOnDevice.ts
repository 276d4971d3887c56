import { db } from '../db'
import type { Recording } from '../types'
import { createLocalSearch, type LocalSearch } from './localSearch'

let app: LocalSearch | null = null

/** The app's offline search: made on first use (this module loads only when a search fails offline). */
export function searchOnDevice(q: string): Promise<Recording[]> {
  app ??= createLocalSearch(db)
  return app.search(q)
}
