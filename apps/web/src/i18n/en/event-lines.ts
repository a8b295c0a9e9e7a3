import type { eventLinesZhHans } from '../event-lines';

export const eventLinesEn: typeof eventLinesZhHans = {
  created: '{{name}} created the group',
  invited: '{{name}} invited {{names}} to the group',
  joined: '{{name}} joined the group by scanning the QR code',
  left: '{{name}} left the group',
  removed: '{{name}} removed {{target}} from the group',
  ownerChanged: '{{name}} made {{target}} the group owner',
  recalledByMe: 'You recalled a message',
  recalledByPeer: 'The other person recalled a message',
  recalledByName: '{{name}} recalled a message',
  recalledByManager: 'A manager recalled a message',
  separator: ', ',
};
