import { expect, test } from '@playwright/test';
import { findLayoutProblems } from './layout-checks.ts';

// The checks of widths.spec.ts on a page made to fail them: each problem is named, and nothing else is.
test('the layout checks find a sideways scroll, overlapping controls and cut-off ones', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.setContent(`<!doctype html>
    <div style="width: 300px; overflow-x: auto"><p style="width: 600px">A table too wide for its card</p></div>
    <button style="position: absolute; top: 100px; left: 10px; width: 100px">First</button>
    <button style="position: absolute; top: 110px; left: 60px; width: 100px">Second</button>
    <button style="position: absolute; top: 100px; left: 10px; visibility: hidden">Hidden</button>
    <a href="#" style="position: absolute; top: 200px; left: 990px; width: 80px; display: block">Edge</a>
    <button style="position: absolute; top: 300px; width: 60px; overflow: hidden; white-space: nowrap">
      Synchronize now
    </button>
    <div class="mantine-Input-wrapper" style="position: absolute; top: 400px">
      <input aria-label="Search" style="width: 200px" />
      <button style="position: absolute; right: 4px; top: 0">Clear</button>
    </div>`);
  expect(await findLayoutProblems(page)).toEqual([
    expect.stringMatching(/^the page scrolls sideways/),
    expect.stringMatching(/^<div> "A table too wide for its card" .* scrolls sideways: 600 px of content in 300 px$/),
    expect.stringMatching(/^<a> "Edge" .* is cut off at the edge of the 1024 px window$/),
    expect.stringMatching(/^<button> "Synchronize now" .* shows its label cut off$/),
    expect.stringMatching(/^<button> "First" .* overlaps <button> "Second"/),
  ]);
});
