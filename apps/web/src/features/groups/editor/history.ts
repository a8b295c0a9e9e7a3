/** Undo history of the rich-text editor (spec §1): edits within 1000 ms merge, ≤ 100 entries. */
export const editorHistory = { newGroupDelay: 1000, depth: 100 } as const;

/** Editor link protocols (spec §5); anything else is blanked by the sanitiser. */
export const linkProtocols = ['http', 'https', 'mailto', 'tel'] as const;

/** Does an address typed into the link prompt use an allowed protocol? */
export function isAllowedLink(href: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(href.trim());
}
