/** Messages (PROTOCOL §4): sending with the §4.4 checks, reading, read receipts and mentions. */
export { createMessages, type Messages } from './messages.service';
export { messagesRoutes } from './messages.routes';
export { sanitizeText, type SanitizedText } from './sanitize';
export { toMessage } from './present';
