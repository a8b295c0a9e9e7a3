import { limits, type MsgKey, type MsgParams } from '@parley/protocol';

/**
 * An expected failure: rendered as the envelope `{code, msg}` with `msg` taken from the
 * catalogue in the request's language. `text` replaces the catalogue text when the message
 * is configured by the operator (e.g. `closeTips`).
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly msgKey: MsgKey,
    readonly params: MsgParams = {},
    readonly text?: string,
  ) {
    super(msgKey);
    this.name = 'AppError';
  }
}

/** 400 with `common.badParam` naming the field. */
export const badParam = (name: string): AppError => new AppError(400, 'common.badParam', { name });

/** Search words are matched with LIKE: a cap keeps patterns cheap (SQLite refuses huge ones). */
export function checkKeywords(keywords: string | undefined): void {
  if (keywords && keywords.length > limits.keywordsMax) {
    throw new AppError(400, 'common.keywordsTooLong', { max: limits.keywordsMax });
  }
}
