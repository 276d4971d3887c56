// Runs in a page: resolves once the page has been idle for a while, three idle
// periods in a row with (nearly) the whole 50 ms to spare. Benchmarks start
// from here: a user clicks on a page that has finished loading, while right
// after load the browser is still compiling and collecting garbage. Self-
// contained, so Playwright can also pass it to page.evaluate().
export async function settled() {
  let quiet = 0
  while (quiet < 3) {
    const spare = await new Promise((resolve) => requestIdleCallback((d) => resolve(d.timeRemaining())))
    quiet = spare >= 45 ? quiet + 1 : 0
  }
}
