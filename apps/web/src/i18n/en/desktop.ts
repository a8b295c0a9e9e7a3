import type { desktopZhHans } from '../desktop';

export const desktopEn: typeof desktopZhHans = {
  rail: 'Sections',
  me: 'Me',
  admin: 'Admin',
  pickChat: 'Pick a chat to start messaging',
  pickContact: 'Pick a contact to see their card',
  dropToSend: 'Drop to send to {{name}}',
};
