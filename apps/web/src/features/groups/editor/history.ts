/** Undo history of the rich-text editor (spec §1): edits within 1000 ms merge, ≤ 100 entries. */
export const editorHistory = { newGroupDelay: 1000, depth: 100 } as const;

/** Editor links use the schemes of the message allow-list (spec §5, PROTOCOL §4.3); others are blanked. */
export { htmlLinkSchemes as linkProtocols, isHtmlLink as isAllowedLink } from '@parley/protocol';
