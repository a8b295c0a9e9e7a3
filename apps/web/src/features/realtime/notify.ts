import type { Contact, Message } from '@parley/protocol';

/**
 * New-message feedback: the notification sound (spec §7 static path) when the user setting
 * `isVoice` is on, and a vibration when the setting `isVibrate` (the app setting
 * `vibrateStatus`, default off, spec §3) is on and the device can. Only for conversations with
 * notices on.
 */
const SOUND_URL = '/static/voice/notify.mp3';

let audio: HTMLAudioElement | null = null;

export function notifyNewMessage(
  contact: Contact | undefined,
  _msg: Message,
  voiceOn: boolean,
  vibrateOn: boolean,
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
