// Renders the server's own OpenAPI document with the Redoc bundle served
// beside this file: no network beyond this server, no telemetry.
import { init } from '/api/docs/redoc.standalone.js'

init('/api/openapi.json', { disableTelemetry: true, hideDownloadButtons: false }, document.getElementById('redoc'))
