import { limits, sendableTypes, type Lang } from '@parley/protocol';
import { AppError, badParam } from '../../platform/http/errors';
import { sanitizeText } from './sanitize';
import { prepareContact, prepareLocation } from './location-contact';

/**
 * What each sendable type (PROTOCOL §4.2) accepts and stores. A closed switch: adding a type
 * to the protocol fails to compile here until it is handled. File messages: file-message.ts;
 * location and contact: location-contact.ts.
 */

export type SendableType = (typeof sendableTypes)[number];

export interface Prepared {
  content: string;
  extends: Record<string, unknown> | null;
}

function assertNever(x: never): never {
  throw new Error(`Unhandled message type ${String(x)}`);
}

const isSendable = (t: string): t is SendableType => (sendableTypes as readonly string[]).includes(t);

/** Check 1 of §4.4: a type clients may send and this server already carries. */
export function sendableType(type: string): SendableType {
  if (!isSendable(type)) throw badParam('type');
  switch (type) {
    case 'text':
    case 'emoji':
    case 'location':
    case 'contact':
    case 'image':
    case 'voice':
    case 'video':
    case 'file':
      return type;
    default:
      return assertNever(type);
  }
}

/** A sticker must be served by us (`/static/…` or `/storage/…`); stored as the path. */
function ownAssetPath(value: string, origins: string[]): string | null {
  let path = value.trim();
  for (const o of origins) if (o && path.toLowerCase().startsWith(o.toLowerCase())) path = path.slice(o.length);
  if (!/^\/(static|storage)\/[^\s"'<>\\?#]+$/.test(path) || path.includes('..')) return null;
  return path;
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** Check 5 of §4.4: content rules of the type; returns what is stored. */
export function prepareContent(
  type: SendableType,
  content: string,
  ext: Record<string, unknown> | undefined,
  origins: string[],
  /** Language of the sending request: location and contact content is written by the server (§1.6). */
  lang: Lang = 'zh-cn',
): Prepared {
  switch (type) {
    case 'text': {
      const clean = sanitizeText(content, origins);
      if (clean.length > limits.textMessage) throw new AppError(400, 'chat.tooLong');
      if (clean.length === 0) throw badParam('content');
      return { content: clean.html, extends: ext ?? null };
    }
    case 'emoji': {
      const path = ownAssetPath(content, origins);
      if (!path) throw badParam('content');
      const width = num(ext?.width);
      const height = num(ext?.height);
      const out: Record<string, unknown> = {};
      if (width !== undefined) out.width = width;
      if (height !== undefined) out.height = height;
      return { content: path, extends: Object.keys(out).length ? out : null };
    }
    case 'location':
      return prepareLocation(ext, lang);
    case 'contact':
      return prepareContact(ext, lang);
    case 'image':
    case 'voice':
    case 'video':
    case 'file':
      // File messages are prepared from their file row (file-message.ts).
      throw badParam('file_id');
    default:
      return assertNever(type);
  }
}
