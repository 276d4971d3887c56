/**
 * Test-only: the repository's sample recordings (fixtures/recordings/*.json)
 * by file prefix ('01' … '26'), so each normaliser test can name the exact
 * loose shape it checks (see fixtures/README.md "Shape coverage").
 */
import type { FixtureFile } from '@/mocks/fixtures'
import { firstSummarization, type Summarization } from './summarization'

const files = import.meta.glob<FixtureFile>('../../../../fixtures/recordings/*.json', {
  eager: true,
  import: 'default',
})

export const fixtures: ReadonlyMap<string, FixtureFile & { name: string }> = new Map(
  Object.entries(files).map(([path, file]) => {
    const name = path.split('/').pop() ?? path
    return [name.slice(0, 2), { ...file, name }]
  }),
)

export function fixture(prefix: string): FixtureFile & { name: string } {
  const f = fixtures.get(prefix)
  if (!f) throw new Error(`no fixture ${prefix}`)
  return f
}

export function summarizationOf(prefix: string): Summarization | null {
  return firstSummarization(fixture(prefix).summarizations)
}
