/**
 * Who hears of what (PROTOCOL §9, §11.4 `moments`): one function per kind, never the actor.
 * A post is announced only when shared (visibility 1); callers check that.
 */

/** A shared post → the author's contact set. */
export const postRecipients = (author: number, contactSet: number[]): number[] =>
  [...new Set(contactSet)].filter((id) => id !== author);

/** A like → the post's author, unless I liked my own post. */
export const likeRecipients = (me: number, author: number): number[] => (author === me ? [] : [author]);

/** A comment → the author and the one I answered, each unless it is me. */
export function commentRecipients(me: number, author: number, replyTo: number): number[] {
  return [...new Set([author, replyTo])].filter((id) => id > 0 && id !== me);
}
