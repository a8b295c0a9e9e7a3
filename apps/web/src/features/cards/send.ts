import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '../../i18n';
import { sendRich } from '../../state/messages/api';
import type { PickedCard } from './ContactCardPicker';

/**
 * Sends a `contact` message (PROTOCOL §4.2). The server only needs `extends.id` and refreshes
 * the name and avatar itself; the rest lets the card show at once while it is on its way.
 */
export function sendContactCard(qc: QueryClient, conversation: string, card: PickedCard): Promise<void> {
  const content = i18n.t('share.cards.content', { name: card.displayName });
  return sendRich(qc, conversation, 'contact', content, {
    id: card.id,
    displayName: card.displayName,
    avatar: card.avatar,
  });
}
