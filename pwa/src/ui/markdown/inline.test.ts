import { describe, expect, it } from 'vitest'
import { parseInline, type Inline } from './inline'

const t = (text: string): Inline => ({ type: 'text', text })

describe('parseInline', () => {
  it('reads strong, em, strike-through and code', () => {
    expect(parseInline('a **b** *c* ~~d~~ `e`')).toEqual([
      t('a '),
      { type: 'strong', children: [t('b')] },
      t(' '),
      { type: 'em', children: [t('c')] },
      t(' '),
      { type: 'del', children: [t('d')] },
      t(' '),
      { type: 'code', text: 'e' },
    ])
  })

  it('nests em inside strong and reads ***both***', () => {
    expect(parseInline('**a *b* c**')).toEqual([
      { type: 'strong', children: [t('a '), { type: 'em', children: [t('b')] }, t(' c')] },
    ])
    expect(parseInline('***x***')).toEqual([{ type: 'strong', children: [{ type: 'em', children: [t('x')] }] }])
  })

  it('keeps snake_case words and lone stars as text', () => {
    expect(parseInline('use snake_case_name here')).toEqual([t('use snake_case_name here')])
    expect(parseInline('2 * 3 * 4')).toEqual([t('2 * 3 * 4')])
    expect(parseInline('**unclosed')).toEqual([t('**unclosed')])
  })

  it('treats backslash escapes and code contents literally', () => {
    expect(parseInline('\\*not em\\*')).toEqual([t('*not em*')])
    expect(parseInline('`**x**`')).toEqual([{ type: 'code', text: '**x**' }])
    expect(parseInline('`` a`b ``')).toEqual([{ type: 'code', text: 'a`b' }])
  })

  it('turns newlines into line breaks', () => {
    expect(parseInline('one\ntwo')).toEqual([t('one'), { type: 'br' }, t('two')])
  })

  it('reads links with titles, autolinks and bare URLs', () => {
    expect(parseInline('[Harbor](https://example.com/a "Title")')).toEqual([
      { type: 'link', href: 'https://example.com/a', children: [t('Harbor')] },
    ])
    expect(parseInline('<https://example.com>')).toEqual([
      { type: 'link', href: 'https://example.com/', children: [t('https://example.com')] },
    ])
    expect(parseInline('see https://example.com/x, then')).toEqual([
      t('see '),
      { type: 'link', href: 'https://example.com/x', children: [t('https://example.com/x')] },
      t(', then'),
    ])
    expect(parseInline('(www.example.com)')[1]).toEqual({
      type: 'link',
      href: 'https://www.example.com/',
      children: [t('www.example.com')],
    })
    expect(parseInline('<ann@example.com>')[0]).toMatchObject({ type: 'link', href: 'mailto:ann@example.com' })
  })

  it('keeps the words of links to disallowed targets but not the link', () => {
    for (const dest of ['javascript:alert(1)', 'data:text/html,x', '/relative', '//evil.example', 'vbscript:x']) {
      expect(parseInline(`[click](${dest})`)).toEqual([{ type: 'link', href: null, children: [t('click')] }])
    }
  })

  it('shows images as their alt text only', () => {
    expect(parseInline('![a chart](https://example.com/c.png) end')).toEqual([t('a chart end')])
  })

  it('decodes entities to text', () => {
    expect(parseInline('AT&amp;T &lt;b&gt; &#169; &#x1F600; &bogus;')).toEqual([t('AT&T <b> © 😀 &bogus;')])
  })

  it('keeps long runs of unmatched delimiters as text (linear work on hostile input)', () => {
    const hostile = '**a '.repeat(5000) + '_x '.repeat(5000) + '['.repeat(5000)
    expect(parseInline(hostile)).toEqual([t(hostile)])
  })
})
