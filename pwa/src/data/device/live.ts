// What the device store's lazy chunk holds (open.ts loads it): the app's
// database and Dexie's live queries over it.
export { db } from '../db'
export { liveQuery } from 'dexie'
