import { useEffect, useState } from 'react';
import { deviceCounts } from './rtc';

/**
 * The speaker switch "where available": browsers that can route a media element to an output
 * (setSinkId) and devices with more than one output. Switching moves the call's sound to the
 * next output (e.g. earpiece ↔ loudspeaker, headset ↔ speakers).
 */
export function useSpeaker(active: boolean): {
  available: boolean;
  on: boolean;
  sinkId: string | undefined;
  toggle(): void;
} {
  const [outputs, setOutputs] = useState<string[]>([]);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!active || typeof HTMLMediaElement === 'undefined' || !('setSinkId' in HTMLMediaElement.prototype)) return;
    let alive = true;
    void deviceCounts().then(({ outputs: list }) => {
      if (alive) setOutputs(list.map((d) => d.deviceId).filter(Boolean));
    });
    return () => {
      alive = false;
    };
  }, [active]);
  const available = outputs.length > 1;
  return {
    available,
    on: index !== 0,
    sinkId: available ? outputs[index] : undefined,
    toggle: () => setIndex((i) => (outputs.length ? (i + 1) % outputs.length : 0)),
  };
}
