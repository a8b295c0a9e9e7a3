import type { QueryClient } from '@tanstack/react-query';
import type { LocationExtends } from '@parley/protocol';
import { i18n } from '../../i18n';
import { sendRich } from '../../state/messages/api';
import { locationContent } from './model';

/** Sends a `location` message (PROTOCOL §4.2); the server writes the final content text. */
export function sendLocation(qc: QueryClient, conversation: string, ext: LocationExtends): Promise<void> {
  const content = locationContent((name) => i18n.t('share.location.content', { name }), ext);
  return sendRich(qc, conversation, 'location', content, { ...ext });
}
