// The one place that says how this project starts Chromium: Debian's build
// (browsers are never downloaded here) with the flags that keep it from
// reaching for the network on a machine that only reaches package registries.
export const CHROMIUM_PATH = process.env.POCKET_CHROMIUM ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/** Options for Playwright's chromium.launch(). */
export const chromiumLaunchOptions = () => ({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
