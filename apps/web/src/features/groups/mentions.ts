/**
 * @mentions in the composer: typing "@" opens the member picker; a chosen member is written as
 * `@name ` and sent in `at` while that text is still there (deleting it drops the mention).
 * Everyone is id 0 (owner and managers only).
 */

export interface Mention {
  id: number;
  name: string;
}

export const EVERYONE = 0;

/** The user just typed "@" at `caret` (the text grew by exactly that character). */
export function typedAt(prev: string, next: string, caret: number): boolean {
  return next.length === prev.length + 1 && next.charAt(caret - 1) === '@';
}

/** Replace the "@" before `caret` by `@name `; returns the text and where the caret goes. */
export function insertMention(text: string, caret: number, name: string): { text: string; caret: number } {
  const at = text.charAt(caret - 1) === '@' ? caret - 1 : caret;
  const token = `@${name} `;
  const next = text.slice(0, at) + token + text.slice(caret);
  return { text: next, caret: at + token.length };
}

/** The `at` list: chosen mentions whose `@name` is still in the text, each once, in order. */
export function mentionIds(text: string, chosen: readonly Mention[]): number[] {
  const out: number[] = [];
  for (const m of chosen) {
    if (!out.includes(m.id) && text.includes(`@${m.name}`)) out.push(m.id);
  }
  return out;
}
