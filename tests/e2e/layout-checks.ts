import { expect, type Frame, type Page } from '@playwright/test';

const CONTROLS = [
  'button',
  'a[href]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[contenteditable="true"]',
  '[role="button"]',
  '[role="link"]',
  '[role="switch"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="combobox"]',
  '[role="menuitem"]',
].join(',');

/**
 * What is wrong with the layout of the document in `target` as it is shown now: a horizontal scroll of the
 * page or of any scrolling container, two visible controls on top of each other, a control cut off at the
 * left or right edge. Runs in the browser; an empty list means the layout holds.
 */
function layoutProblems(selector: string): string[] {
  const problems: string[] = [];
  const slack = 1;
  const describe = (element: Element): string => {
    const html = element as HTMLElement;
    const name =
      html.getAttribute('aria-label') ??
      html.getAttribute('placeholder') ??
      (html.innerText || html.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const box = element.getBoundingClientRect();
    const role = element.getAttribute('role');
    return `<${element.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> "${name}" at x ${Math.round(box.left)}..${Math.round(box.right)}, y ${Math.round(box.top)}..${Math.round(box.bottom)}`;
  };

  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    problems.push(`the page scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth} px`);
  }
  for (const element of document.body.querySelectorAll('*')) {
    if (element.matches('input, textarea') || element.clientWidth === 0) continue;
    const style = getComputedStyle(element);
    const scrolls = /auto|scroll/.test(style.overflowX);
    if (scrolls && element.scrollWidth > element.clientWidth + slack) {
      problems.push(
        `${describe(element)} scrolls sideways: ${element.scrollWidth} px of content in ${element.clientWidth} px`,
      );
    }
  }

  // A modal dialog covers the page: only its own controls are there to be used.
  const dialogs = [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')];
  const visible = (element: Element): DOMRect | null => {
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return null;
    if (dialogs.length > 0 && !dialogs.some((dialog) => dialog.contains(element))) return null;
    // Notifications float over the page for a few seconds, on purpose.
    if (element.closest('.mantine-Notifications-root')) return null;
    const box = element.getBoundingClientRect();
    let left = box.left;
    let right = box.right;
    let top = box.top;
    let bottom = box.bottom;
    let cut = false;
    // What a scrolling or clipping container hides is not shown, so it cannot overlap anything.
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      if (style.overflowY !== 'visible') {
        top = Math.max(top, clip.top);
        bottom = Math.min(bottom, clip.bottom);
      }
      if (style.overflowX !== 'visible') {
        if (!cut && (box.left < clip.left - slack || box.right > clip.right + slack)) {
          problems.push(`${describe(element)} is cut off by ${describe(parent)}`);
          cut = true;
        }
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
    }
    if (right - left < 2 || bottom - top < 2) return null;
    return new DOMRect(left, top, right - left, bottom - top);
  };

  const controls: Array<{ element: Element; box: DOMRect }> = [];
  for (const element of document.querySelectorAll(selector)) {
    const box = visible(element);
    if (box) controls.push({ element, box });
  }
  const width = root.clientWidth;
  for (const { element } of controls) {
    const box = element.getBoundingClientRect();
    if (box.left < -slack || box.right > width + slack) {
      problems.push(`${describe(element)} is cut off at the edge of the ${width} px window`);
    }
    // A label clipped without an ellipsis reads as another word ("Synchroniz"); a field's own text may scroll.
    if (element.matches('input, textarea, select, [contenteditable="true"]')) continue;
    for (const part of [element, ...element.querySelectorAll('*')]) {
      const style = getComputedStyle(part);
      const clipped = style.overflowX === 'hidden' || style.overflowX === 'clip';
      if (clipped && style.textOverflow !== 'ellipsis' && part.scrollWidth > part.clientWidth + slack) {
        problems.push(`${describe(element)} shows its label cut off`);
        break;
      }
    }
  }
  // An input's own sections (a clear button, a password toggle) sit inside its box on purpose.
  const wrapper = (element: Element) => element.closest('.mantine-Input-wrapper');
  for (let i = 0; i < controls.length; i += 1) {
    for (let j = i + 1; j < controls.length; j += 1) {
      const a = controls[i]!;
      const b = controls[j]!;
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      if (wrapper(a.element) && wrapper(a.element) === wrapper(b.element)) continue;
      const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (across > slack && down > slack) {
        problems.push(`${describe(a.element)} overlaps ${describe(b.element)}`);
      }
    }
  }
  return [...new Set(problems)];
}

/** Layout has settled once two frames were painted after the last change (a resize, a render). */
async function settled(target: Page | Frame): Promise<void> {
  await target.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Every layout problem of the document shown in `target` once its layout settled (see layoutProblems). */
export async function findLayoutProblems(target: Page | Frame): Promise<string[]> {
  await settled(target);
  return target.evaluate(layoutProblems, CONTROLS);
}

/**
 * Records every layout problem of the screen, named by `screen` and `width` so the message says where to look.
 * The check is soft: the test goes on, and one run names the problems of every screen and width.
 */
export async function expectLayoutHolds(target: Page | Frame, screen: string, width: number): Promise<void> {
  const problems = await findLayoutProblems(target);
  expect.soft(problems, `${screen} at ${width} px:\n${problems.join('\n')}`).toEqual([]);
}
