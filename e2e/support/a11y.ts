import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

/**
 * Runs axe (WCAG 2.x A and AA rules plus best practices) on what the page
 * shows now and fails on any serious or critical violation, listing each with
 * the elements it found, so the report says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  // Every finding, minor ones too, goes with the test's report for whoever reads it.
  await test
    .info()
    .attach(`axe ${what}`, { body: JSON.stringify(violations, null, 2), contentType: 'application/json' })
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = serious.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  )
  expect(report, `axe on ${what}`).toEqual([])
}
