import type { desktopZhHans } from '../desktop';

export const desktopEn: typeof desktopZhHans = {
  rail: 'Sections',
  me: 'Me',
  pickChat: 'Pick a chat to start messaging',
  pickContact: 'Pick a contact to see their card',
  pickItem: 'Pick an item on the left',
  dropToSend: 'Drop to send to {{name}}',
};
