import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Decoder } from './decode';

export type CameraState = 'starting' | 'scanning' | 'denied' | 'unsupported' | 'stopped';

/** Frames looked at per second: enough to feel instant, light on a phone's battery. */
const FRAME_GAP_MS = 200;

/**
 * The back camera into `video`, decoded a few times a second until `onText` gets something.
 * `active` false stops the camera (a result is on screen); true starts it again.
 */
export function useCameraScan(
  video: RefObject<HTMLVideoElement | null>,
  decoder: Decoder | null,
  active: boolean,
  onText: (text: string) => void,
): CameraState {
  const [state, setState] = useState<CameraState>('starting');
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  useEffect(() => {
    if (!active || !decoder) return;
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setState('unsupported');
      return;
    }
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const el0 = video.current;

    const tick = async () => {
      const el = video.current;
      if (stopped || !el) return;
      const text = el.readyState >= 2 ? await decoder(el).catch(() => null) : null;
      if (stopped) return;
      if (text) onTextRef.current(text);
      else timer = setTimeout(() => void tick(), FRAME_GAP_MS);
    };

    setState('starting');
    media
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped) return;
        const el = video.current;
        if (!el) return;
        el.srcObject = s;
        await el.play().catch(() => {});
        setState('scanning');
        void tick();
      })
      .catch(() => !stopped && setState('denied'));

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
      if (el0) el0.srcObject = null;
      setState('stopped');
    };
  }, [active, decoder, video]);

  return state;
}
