/** Messages (PROTOCOL §4): sending with the §4.4 checks, reading, read receipts, mentions, recall, delete and forward. */
export { createMessages, type Messages } from './messages.service';
export { messagesRoutes } from './messages.routes';
export { messageActionsRoutes } from './actions.routes';
export { sanitizeText, type SanitizedText } from './sanitize';
export { summary, toMessage } from './present';
export { isFileMessageType, uploadMessageType, type FileRow } from './file-message';
export { fileUrls, tokenOfPath } from './file-urls';
export { unindexChat } from './search-index.repo';
export { searchRoutes } from './search.routes';
export { createSearch, type Search } from './search.service';
export { startIndexBackfill } from './search-backfill';
