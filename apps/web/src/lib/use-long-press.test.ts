import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useLongPress } from './use-long-press';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const fn = vi.fn();
  const { result } = renderHook(() => useLongPress(fn));
  return { fn, h: () => result.current };
}
const click = () => ({ preventDefault: vi.fn(), stopPropagation: vi.fn() });

describe('useLongPress (350 ms, cancelled by a move over 10 px)', () => {
  it('fires after 350 ms held still, not before', () => {
    const { fn, h } = setup();
    act(() => h().onPointerDown({ clientX: 10, clientY: 10, button: 0 }));
    act(() => void vi.advanceTimersByTime(349));
    expect(fn).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('tolerates a small wobble but a move over 10 px cancels', () => {
    const { fn, h } = setup();
    act(() => h().onPointerDown({ clientX: 0, clientY: 0 }));
    act(() => h().onPointerMove({ clientX: 6, clientY: 8 })); // exactly 10 px
    act(() => void vi.advanceTimersByTime(400));
    expect(fn).toHaveBeenCalledTimes(1);

    act(() => h().onPointerDown({ clientX: 0, clientY: 0 }));
    act(() => h().onPointerMove({ clientX: 0, clientY: 11 }));
    act(() => void vi.advanceTimersByTime(400));
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a release before 350 ms is a plain tap', () => {
    const { fn, h } = setup();
    act(() => h().onPointerDown({ clientX: 0, clientY: 0 }));
    act(() => void vi.advanceTimersByTime(200));
    act(() => h().onPointerUp());
    act(() => void vi.advanceTimersByTime(500));
    expect(fn).not.toHaveBeenCalled();
    const e = click();
    h().onClickCapture(e);
    expect(e.preventDefault).not.toHaveBeenCalled();
  });

  it('swallows the click that ends a long-press', () => {
    const { h } = setup();
    act(() => h().onPointerDown({ clientX: 0, clientY: 0 }));
    act(() => void vi.advanceTimersByTime(350));
    act(() => h().onPointerUp());
    const e = click();
    h().onClickCapture(e);
    expect(e.stopPropagation).toHaveBeenCalled();
  });

  it('ignores secondary buttons but opens on the context menu', () => {
    const { fn, h } = setup();
    act(() => h().onPointerDown({ clientX: 0, clientY: 0, button: 2 }));
    act(() => void vi.advanceTimersByTime(400));
    expect(fn).not.toHaveBeenCalled();
    const e = { preventDefault: vi.fn() };
    act(() => h().onContextMenu(e));
    expect(e.preventDefault).toHaveBeenCalled();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
