import type { Contact, Message } from '@parley/protocol';
import { z } from 'zod';

/**
 * New-message feedback: the notification sound (spec §7 static path) when the user setting
 * `isVoice` is on, and a vibration when the app setting `vibrateStatus` is on (default off,
 * spec §3) and the device can. Only for conversations with notices on.
 */
const SOUND_URL = '/static/voice/notify.mp3';
const VIBRATE_KEY = 'parley.vibrate';

export function vibrateEnabled(): boolean {
  try {
    return z.literal('1').safeParse(localStorage.getItem(VIBRATE_KEY)).success;
  } catch {
    return false;
  }
}

let audio: HTMLAudioElement | null = null;

export function notifyNewMessage(
  contact: Contact | undefined,
  _msg: Message,
  voiceOn: boolean,
  vibrateOn = vibrateEnabled(),
): void {
  if (contact && contact.is_notice !== 1) return;
  if (voiceOn && typeof Audio !== 'undefined') {
    audio ??= new Audio(SOUND_URL);
    audio.currentTime = 0;
    // Browsers refuse sound before the first user gesture; silence is the right fallback.
    void audio.play().catch(() => undefined);
  }
  if (vibrateOn && typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
    navigator.vibrate(200);
  }
}
