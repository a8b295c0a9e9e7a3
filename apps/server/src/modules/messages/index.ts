/** Messages (PROTOCOL §4): sending with the §4.4 checks, reading, read receipts, mentions, recall, delete and forward. */
export { createMessages, type Messages } from './messages.service';
export { messagesRoutes } from './messages.routes';
export { messageActionsRoutes } from './actions.routes';
export { sanitizeText, type SanitizedText } from './sanitize';
export { summary, toMessage } from './present';
export { uploadMessageType, type FileRow } from './file-message';
export { fileUrls } from './file-urls';
export { createSingleChatCheck } from './single-check';
/** The tables this module owns (docs/architecture.md), for the modules that write rows of their own kinds: group events, calls. */
export * as messagesRepo from './messages.repo';
export { clearGroupChat, dropGroupChat } from './actions.repo';
/** Conversation-list reads, handed to contacts by createServices (contacts cannot import messages). */
export * as conversationListRepo from './conversation-list.repo';
/** Which messages carry files: the file manager's listing and a file's visibility (files imports messages). */
export * as fileMessagesRepo from './file-messages.repo';
export { searchRoutes } from './search.routes';
export { createSearch, type Search } from './search.service';
export { startIndexBackfill } from './search-backfill';
