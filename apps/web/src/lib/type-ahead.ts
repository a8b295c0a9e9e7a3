/**
 * What is typed between the tap that opens a search page and that page's box taking focus (its
 * code may still be loading, PageFallback): kept and handed to the box, so a quick typist loses
 * nothing.
 *
 * The tap focuses a hidden box of our own at once, inside the tap's own event: typing then goes
 * where the browser puts any typing, so IME composition (pinyin, kana) works as in a real box,
 * and a phone raises its keyboard now (it does not for a focus that comes later, once the page
 * has loaded). The page takes the text (`typedAhead`) and its own box takes focus
 * (`endTypeAhead` removes ours). If our box loses focus first (a tap elsewhere), it goes and its
 * text is kept for the page. Ten seconds at most, in case no page comes.
 */
let proxy: HTMLInputElement | null = null;
/** The text of a box that lost focus before the page took it. */
let kept = '';
let timer: ReturnType<typeof setTimeout> | undefined;

export function startTypeAhead(label: string): void {
  endTypeAhead();
  const box = document.createElement('input');
  box.type = 'text';
  // Invisible, not hidden from assistive technology: it has focus, so a screen reader names it
  // (`label`, the entry's own translated text) as the search box it stands in for.
  box.setAttribute('aria-label', label);
  box.dataset.typeAhead = '';
  box.tabIndex = -1;
  box.autocomplete = 'off';
  // Off to the side, not off the page: a phone scrolls to a focused box. 16px: iOS zooms on smaller text.
  box.style.cssText =
    'position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;border:0;padding:0;font-size:16px;pointer-events:none';
  document.body.appendChild(box);
  box.addEventListener('blur', () => {
    kept = box.value;
    box.remove();
    if (proxy === box) proxy = null;
  });
  box.focus({ preventScroll: true });
  proxy = box;
  timer = setTimeout(endTypeAhead, 10_000);
}

/** What was typed so far (read while the box renders; may be read twice, as React may render twice). */
export const typedAhead = (): string => proxy?.value ?? kept;

/** The page's box has it: our box goes (call after focusing the page's own box). */
export function endTypeAhead(): void {
  clearTimeout(timer);
  const box = proxy;
  proxy = null;
  box?.remove();
  kept = '';
}
