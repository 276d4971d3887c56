import { describe, expect, it } from 'vitest'
import { decodeEntities, safeHref } from './safeUrl'

describe('safeHref', () => {
  it('allows absolute http, https and mailto URLs, normalised', () => {
    expect(safeHref('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c')
    expect(safeHref('HTTP://Example.COM')).toBe('http://example.com/')
    expect(safeHref('mailto:ann@example.com')).toBe('mailto:ann@example.com')
    expect(safeHref('https://[::1]:8080/x')).toBe('https://[::1]:8080/x')
  })

  it('refuses every other scheme, relative and protocol-relative URLs', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\nscript:alert(1)',
      'javascript&#58;alert(1)',
      '&#x6A;avascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com',
      '/recordings/1',
      '#top',
      '//evil.example',
      '',
      'https://exa"mple.com',
    ]) {
      expect(safeHref(bad), bad).toBeNull()
    }
  })
})

describe('decodeEntities', () => {
  it('decodes named and numeric entities and leaves unknown ones', () => {
    expect(decodeEntities('&lt;a&gt; &amp;amp; &#65;&#x42; &nope; &#0;')).toBe('<a> &amp; AB &nope; \ufffd')
  })
})
