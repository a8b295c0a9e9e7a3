import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../../../i18n';
import { Composer } from './Composer';

afterEach(cleanup);

const input = () => screen.getByTestId('chat-input') as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('Composer', () => {
  it('shows the send button only with text; Enter sends and clears', () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} />);
    expect(screen.queryByTestId('chat-send')).toBeNull();
    type('hello');
    expect(screen.getByTestId('chat-send')).toBeTruthy();
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('hello', []);
    expect(input().value).toBe('');
  });

  it('Shift+Enter is a new line, not a send', () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} />);
    type('line one');
    const notPrevented = fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(notPrevented).toBe(true); // the browser inserts the line break
    expect(onSend).not.toHaveBeenCalled();
  });

  it('does not send while an IME is composing', () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} />);
    type('ni');
    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('with sendKey 2, Enter breaks the line and Ctrl+Enter sends', () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} sendKey={2} />);
    type('hi');
    expect(fireEvent.keyDown(input(), { key: 'Enter' })).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input(), { key: 'Enter', ctrlKey: true });
    expect(onSend).toHaveBeenCalledWith('hi', []);
  });

  it('does not send blank text, limits to 2048 characters and shows a counter near the limit', () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} />);
    type('   ');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(input().maxLength).toBe(2048);
    expect(screen.queryByTestId('chat-counter')).toBeNull();
    type('x'.repeat(1900));
    expect(screen.getByTestId('chat-counter').textContent).toBe('1900/2048');
  });

  it('reports edits for the draft and starts from the draft', () => {
    const onChange = vi.fn();
    render(<Composer onSend={vi.fn()} initial="saved draft" onChange={onChange} />);
    expect(input().value).toBe('saved draft');
    type('saved draft!');
    expect(onChange).toHaveBeenLastCalledWith('saved draft!');
  });

  it('is replaced by the reason when sending is impossible', () => {
    render(<Composer onSend={vi.fn()} disabledReason="System conversations are read-only" />);
    expect(screen.queryByTestId('chat-input')).toBeNull();
    expect(screen.getByTestId('chat-disabled').textContent).toBe('System conversations are read-only');
  });

  it('opens the emoji panel and inserts an emoji', async () => {
    render(<Composer onSend={vi.fn()} />);
    fireEvent.click(screen.getByTestId('emoji-button'));
    const panel = await screen.findByTestId('emoji-panel');
    fireEvent.click(panel.querySelector('button') as HTMLButtonElement);
    expect(input().value).toBe('😀');
  });

  it('"@" opens the member picker; the chosen member is written and sent in `at`', async () => {
    const onSend = vi.fn();
    render(
      <Composer
        onSend={onSend}
        mentionables={[
          { id: 0, name: 'Everyone' },
          { id: 2, name: 'Bob' },
        ]}
      />,
    );
    type('hi ');
    fireEvent.change(input(), { target: { value: 'hi @', selectionStart: 4, selectionEnd: 4 } });
    const picker = await screen.findByTestId('mention-picker');
    fireEvent.click(picker.querySelector('[data-id="2"]') as HTMLButtonElement);
    expect(input().value).toBe('hi @Bob ');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('hi @Bob', [2]);
  });

  it('a mention deleted from the text is not sent', async () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} mentionables={[{ id: 2, name: 'Bob' }]} />);
    fireEvent.change(input(), { target: { value: '@', selectionStart: 1, selectionEnd: 1 } });
    fireEvent.click((await screen.findByTestId('mention-picker')).querySelector('[data-id="2"]') as HTMLButtonElement);
    type('never mind');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('never mind', []);
  });

  it('folds the + panel when its entry has started (foldSignal changes)', () => {
    const panel = <div data-testid="the-panel" />;
    const { rerender } = render(<Composer onSend={() => undefined} plusPanel={panel} foldSignal={0} />);
    fireEvent.click(screen.getByTestId('chat-plus'));
    expect(screen.getByTestId('the-panel')).toBeTruthy();
    rerender(<Composer onSend={() => undefined} plusPanel={panel} foldSignal={1} />);
    expect(screen.queryByTestId('the-panel')).toBeNull();
  });
});
