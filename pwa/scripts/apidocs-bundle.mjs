// Copies the Redoc bundle that @redocly/cli ships (pinned in package.json) beside the API reference
// page, where the Go build embeds it (server/apidoc): the page at /api/docs then renders
// /api/openapi.json from this server alone, with no CDN.
import { copyFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const cli = dirname(require.resolve('@redocly/cli/package.json'))
const target = join(dirname(fileURLToPath(import.meta.url)), '../../server/apidoc/dist')
mkdirSync(target, { recursive: true })
copyFileSync(join(cli, 'lib/chunks/redoc.standalone.js'), join(target, 'redoc.standalone.js'))
