import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listScreenSnapshot } from '.'

describe('listScreenSnapshot', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/recordings')
    document.body.innerHTML = '<div id="root"><h1>Recordings</h1><div class="rec-row">Weekly sync</div></div>'
  })
  afterEach(() => {
    document.body.innerHTML = ''
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true })
  })

  it('keeps the list as drawn, seen from its top', () => {
    expect(listScreenSnapshot()).toBe('<h1>Recordings</h1><div class="rec-row">Weekly sync</div>')
  })

  it('leaves out what was on screen only for the moment', () => {
    document
      .getElementById('root')!
      .insertAdjacentHTML(
        'beforeend',
        '<section class="toasts"><div role="status">Saved</div></section><div class="update-prompt">New version</div><ul role="menu"><li>Logout</li></ul>',
      )
    expect(listScreenSnapshot()).toBe('<h1>Recordings</h1><div class="rec-row">Weekly sync</div>')
    expect(document.querySelector('.toasts')).not.toBeNull() // the page itself is untouched
  })

  it.each([
    ['another route', () => window.history.replaceState(null, '', '/recordings/rec_1')],
    ['a search in the URL', () => window.history.replaceState(null, '', '/recordings?q=sync')],
    ['a dialog open', () => document.body.insertAdjacentHTML('beforeend', '<div role="dialog">Share</div>')],
    ['the page scrolled', () => Object.defineProperty(window, 'scrollY', { value: 400, configurable: true })],
    ['no rows (a skeleton or an empty state)', () => document.querySelector('.rec-row')!.remove()],
  ])('keeps nothing with %s', (_, arrange) => {
    arrange()
    expect(listScreenSnapshot()).toBeNull()
  })
})
