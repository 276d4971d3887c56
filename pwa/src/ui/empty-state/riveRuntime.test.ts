import { describe, expect, it } from 'vitest'
import canvas from '@rive-app/canvas/package.json'
import reactCanvas from '@rive-app/react-canvas/package.json'

describe('self-hosted Rive runtime', () => {
  // The wasm we serve comes from @rive-app/canvas; the JavaScript that loads
  // it comes with @rive-app/react-canvas. A mismatch fails at run time in
  // every browser, so upgrading one without the other must fail here.
  it('serves the wasm of the exact canvas version react-canvas runs', () => {
    expect(canvas.version).toBe(reactCanvas.dependencies['@rive-app/canvas'])
  })
})
