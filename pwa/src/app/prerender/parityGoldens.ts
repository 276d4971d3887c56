/**
 * What the server paints for each parity fixture
 * (pkg/firstpaint/testdata/parity, written by go test ./pkg/firstpaint -run
 * Parity -update): '' where it paints nothing.
 */
const goldens = import.meta.glob<string>('../../../../pkg/firstpaint/testdata/parity/golden/*.html', {
  query: '?raw',
  import: 'default',
  eager: true,
})

export function serverPaint(name: string): string {
  const markup = goldens[`../../../../pkg/firstpaint/testdata/parity/golden/${name}.html`]
  if (markup === undefined) throw new Error(`no golden for ${name}: run go test ./pkg/firstpaint -run Parity -update`)
  return markup
}
