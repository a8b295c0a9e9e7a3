import { describe, expect, it } from 'vitest';
import {
  atListRecipients,
  favouritesMessageRecipients,
  readRecipients,
  rowRecipients,
  singleMessageRecipients,
} from './recipients';

describe('message event recipients', () => {
  it('sends a single-chat message to the peer, and my copy to my own devices', () => {
    expect(singleMessageRecipients(1, 2)).toEqual({ peer: [2], mine: [1] });
    expect(favouritesMessageRecipients(1)).toEqual([1]);
  });
  it('tells only the sender that I read their messages; my mentions only to me', () => {
    expect(readRecipients(2)).toEqual([2]);
    expect(atListRecipients(1)).toEqual([1]);
  });
  it('tells everyone who sees a row of its recall, deletion or masking', () => {
    expect(rowRecipients({ is_group: 1, from_user: 1, to_user: 5 }, [1, 2, 3])).toEqual([1, 2, 3]);
    expect(rowRecipients({ is_group: 0, from_user: 1, to_user: 2 }, [])).toEqual([1, 2]);
    expect(rowRecipients({ is_group: 3, from_user: 1, to_user: 1 }, [])).toEqual([1]);
  });
});
