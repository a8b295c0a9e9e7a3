/**
 * Voice notes share one rule: only one plays at a time. Received notes not yet played carry a
 * red dot; which ones were played is remembered on this device (the protocol has no field).
 */

let current: HTMLAudioElement | null = null;

/** Call before playing `el`: whatever else plays stops. */
export function claimPlayback(el: HTMLAudioElement): void {
  if (current && current !== el) current.pause();
  current = el;
}

/** Recording a note silences the one playing. */
export function stopPlayback(): void {
  current?.pause();
}

const PLAYED_KEY = 'parley.voicePlayed';
/** Enough for months of chatting; the oldest ids drop out first. */
const PLAYED_MAX = 500;

function readPlayed(): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(PLAYED_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function wasPlayed(id: string): boolean {
  return readPlayed().includes(id);
}

export function markPlayed(id: string): void {
  const list = readPlayed().filter((x) => x !== id);
  list.push(id);
  try {
    localStorage.setItem(PLAYED_KEY, JSON.stringify(list.slice(-PLAYED_MAX)));
  } catch {
    // Storage full or blocked: the dot simply comes back next time.
  }
}
