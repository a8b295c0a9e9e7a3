/**
 * Keys typed between the tap that opens a search page and that page's box taking focus (its code
 * may still be loading, PageFallback): kept here and handed to the box, so a quick typist loses
 * none. Plain characters and Backspace only; shortcuts, IME composition and keys meant for a box
 * that already has focus pass through untouched. Ten seconds at most, in case no box comes.
 */
let typed: string | null = null;
let stop: (() => void) | null = null;

const inABox = () =>
  document.activeElement instanceof HTMLInputElement || document.activeElement instanceof HTMLTextAreaElement;

export function startTypeAhead(): void {
  stop?.();
  typed = '';
  const onKey = (e: KeyboardEvent) => {
    if (typed === null || inABox() || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    if (e.key.length === 1) typed += e.key;
    else if (e.key === 'Backspace') typed = typed.slice(0, -1);
    else return;
    e.preventDefault();
  };
  window.addEventListener('keydown', onKey, true);
  const timer = setTimeout(() => stop?.(), 10_000);
  stop = () => {
    window.removeEventListener('keydown', onKey, true);
    clearTimeout(timer);
    stop = null;
  };
}

/** What was typed so far (read while the box renders; may be read twice, as React may render twice). */
export const typedAhead = (): string => typed ?? '';

/** The box has it (call once it is focused): stop keeping keys. */
export function endTypeAhead(): void {
  stop?.();
  typed = null;
}
