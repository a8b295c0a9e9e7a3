import { describe, expect, it } from 'vitest';
import { commentRecipients, likeRecipients, postRecipients } from './recipients';

describe('moments recipients', () => {
  it('announces a post to the contact set without the author', () => {
    expect(postRecipients(1, [2, 3, 1, 3])).toEqual([2, 3]);
  });
  it('tells the author of a like unless it is their own', () => {
    expect(likeRecipients(2, 1)).toEqual([1]);
    expect(likeRecipients(1, 1)).toEqual([]);
  });
  it('tells the author and the one answered, once each, never the commenter', () => {
    expect(commentRecipients(2, 1, 0)).toEqual([1]);
    expect(commentRecipients(2, 1, 3)).toEqual([1, 3]);
    expect(commentRecipients(2, 1, 1)).toEqual([1]);
    expect(commentRecipients(1, 1, 3)).toEqual([3]);
    expect(commentRecipients(3, 1, 3)).toEqual([1]);
  });
});
