import { useEffect, useRef, type CSSProperties } from 'react';

/** A <video> or <audio> element playing a MediaStream (srcObject cannot be set as a prop). */
export function MediaView({
  stream,
  kind,
  className,
  style,
  label,
  muted,
  mirrored,
  testId,
  sinkId,
}: {
  stream: MediaStream | null;
  kind: 'video' | 'audio';
  className?: string;
  style?: CSSProperties;
  label?: string;
  muted?: boolean;
  mirrored?: boolean;
  testId: string;
  /** Audio output device (speaker switch), where the browser supports choosing one. */
  sinkId?: string;
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (el.srcObject !== stream) el.srcObject = stream;
    // Autoplay may need a nudge after srcObject changes; a refusal leaves the element paused.
    if (stream) void el.play().catch(() => undefined);
  }, [stream]);
  useEffect(() => {
    const el = ref.current as (HTMLMediaElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (el && sinkId !== undefined && typeof el.setSinkId === 'function')
      void el.setSinkId(sinkId).catch(() => undefined);
  }, [sinkId]);
  const common = { ref, className, autoPlay: true, muted, 'data-testid': testId };
  if (kind === 'audio') return <audio {...common} />;
  return (
    <video
      {...common}
      playsInline
      aria-label={label}
      style={mirrored ? { ...style, transform: 'scaleX(-1)' } : style}
    />
  );
}
