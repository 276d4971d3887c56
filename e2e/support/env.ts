/**
 * Where the stack that e2e/run.sh started lives. Every spec reads addresses
 * from here, so a missing variable fails with one clear message instead of a
 * connection error deep in a test.
 */
function required(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set: run the suite with e2e/run.sh (make test-e2e)`)
  return value
}

export const stack = {
  /** `pocket serve` with the fixtures seeded for the demo user. */
  get pocketURL() {
    return required('POCKET_E2E_URL')
  },
  /** Mailpit's HTTP API, where pocket's sign-in mail lands. */
  get mailpitURL() {
    return required('POCKET_E2E_MAILPIT_URL')
  },
  /** Whether the app is served by a relay in front of the embedded provider (e2e/run.sh --relay). */
  get relay() {
    return process.env.POCKET_E2E_RELAY === '1'
  },
  /** Whether the app is served by two replicas on one PostgreSQL behind a balancer (e2e/run.sh --replicas). */
  get replicas() {
    return process.env.POCKET_E2E_REPLICAS === '1'
  },
  /** The local OIDC issuer pocket is configured to use as "Google". */
  get issuerURL() {
    return required('POCKET_E2E_ISSUER_URL')
  },
}

/** Owner of the seeded recordings (POCKET_DEMO_EMAIL's default). */
export const DEMO_EMAIL = 'demo@example.com'
