// The one place that says how this project starts Chromium: Debian's build
// (browsers are never downloaded here) with the flags that keep it from
// reaching for the network on a machine that only reaches package registries.
export const CHROMIUM_PATH = process.env.POCKET_CHROMIUM ?? '/usr/bin/chromium'

// The browser suite runs on Debian's chromium-headless-shell: the same engine and version as
// the chromium package, without the full browser's UI layers, and about 37% less CPU for the
// same specs on these two-core machines (docs/benchmarks.md "Test run"), where the suite is
// CPU-bound. Benchmarks and Lighthouse keep the full browser, which is what users run.
export const TEST_CHROMIUM_PATH = process.env.POCKET_E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/** Options for Playwright's chromium.launch(): the full browser unless told otherwise. */
export const chromiumLaunchOptions = (executablePath = CHROMIUM_PATH) => ({ executablePath, args: [...CHROMIUM_ARGS] })
