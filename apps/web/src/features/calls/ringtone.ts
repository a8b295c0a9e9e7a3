/**
 * The ring of a call (incoming, and the ring-back while I call): the server's
 * `/static/common/voice/calling.mp3` (PROTOCOL §14.1) when it has one, else a ring made with
 * WebAudio. Browsers refuse sound before the first user gesture; silence is then the fallback.
 */
const RING_URL = '/static/common/voice/calling.mp3';

let audio: HTMLAudioElement | null = null;
/** The file is missing (404) or cannot play: use the generated ring from now on. */
let fileFailed = false;
let synth: { ctx: AudioContext; timer: ReturnType<typeof setInterval> } | null = null;
let ringing = false;

/** One "ring-ring" burst: two short dual-tone pulses, as a phone rings. */
function burst(ctx: AudioContext): void {
  const t0 = ctx.currentTime;
  for (const offset of [0, 0.5]) {
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0, t0 + offset);
    gain.gain.linearRampToValueAtTime(0.12, t0 + offset + 0.02);
    gain.gain.setValueAtTime(0.12, t0 + offset + 0.38);
    gain.gain.linearRampToValueAtTime(0, t0 + offset + 0.4);
    gain.connect(ctx.destination);
    for (const freq of [440, 480]) {
      const osc = ctx.createOscillator();
      osc.frequency.value = freq;
      osc.connect(gain);
      osc.start(t0 + offset);
      osc.stop(t0 + offset + 0.42);
    }
  }
}

function startSynth(): void {
  const Ctx = typeof window === 'undefined' ? undefined : (window.AudioContext as typeof AudioContext | undefined);
  if (!Ctx || synth) return;
  try {
    const ctx = new Ctx();
    burst(ctx);
    synth = { ctx, timer: setInterval(() => burst(ctx), 3000) };
  } catch {
    synth = null;
  }
}

function startFile(): void {
  audio ??= new Audio(RING_URL);
  audio.loop = true;
  audio.currentTime = 0;
  audio.onerror = () => {
    fileFailed = true;
    if (ringing) startSynth();
  };
  void audio.play().catch((e: unknown) => {
    // NotAllowedError = no user gesture yet (nothing will play); anything else = no file.
    if (e instanceof DOMException && e.name === 'NotAllowedError') return;
    fileFailed = true;
    if (ringing) startSynth();
  });
}

export const ringtone = {
  start(): void {
    if (ringing) return;
    ringing = true;
    if (typeof Audio === 'undefined') return;
    if (fileFailed) startSynth();
    else startFile();
  },
  stop(): void {
    ringing = false;
    audio?.pause();
    if (synth) {
      clearInterval(synth.timer);
      void synth.ctx.close().catch(() => undefined);
      synth = null;
    }
  },
};
