/**
 * For specs in which no part runs through the service worker (no offline, push or update step):
 * `test.use(WITHOUT_SERVICE_WORKER)`. Every test's browser context is a new device, so with the
 * worker allowed each one installs it and precaches the whole app (138 files) while the test
 * runs: 1.3 CPU-s a test more on two cores (mindmap and export, 13 tests: 54–56 CPU-s with it,
 * 38 without, docs/benchmarks.md "Test run"). The specs that go offline or receive pushes keep it.
 */
export const WITHOUT_SERVICE_WORKER = { serviceWorkers: 'block' } as const
