import type { TFunction } from 'i18next';
import { plainText } from '../conversations/model';
import { localiseNoticeLine } from './notice-line';

/** One-line preview of a conversation's last message (plain text; media as a [tag]). */
export function previewOf(type: string, content: string, t: TFunction): string {
  switch (type) {
    case 'image':
    case 'emoji':
    case 'voice':
    case 'video':
    case 'file':
    case 'webrtc':
      return type === 'webrtc' && content ? plainText(content) : t(`preview.${type}`);
    default:
      return localiseNoticeLine(plainText(content), t);
  }
}
