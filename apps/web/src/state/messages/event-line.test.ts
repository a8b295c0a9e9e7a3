import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { eventLineText, type EventRow } from './event-line';

/** The owner transfer line (issue 42 #8) in the reader's language, whatever the sender's was. */
describe('the owner transfer line', () => {
  const row: EventRow = {
    type: 'event',
    content: 'Alice made Bob the group owner',
    extends: { line: { key: 'group.eventOwnerChanged', params: { name: 'Alice', target: 'Bob' } } },
  };

  it('reads in Chinese for a Chinese reader and in English for an English one', () => {
    expect(eventLineText(row, { t: i18n.getFixedT('zh-Hans'), myId: 1, senderName: '' })).toBe(
      'Alice已将群主转让给Bob',
    );
    expect(eventLineText(row, { t: i18n.getFixedT('en'), myId: 1, senderName: '' })).toBe(
      'Alice made Bob the group owner',
    );
  });
});
