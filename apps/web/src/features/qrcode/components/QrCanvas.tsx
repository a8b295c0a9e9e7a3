import { useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';

export interface QrCanvasProps {
  text: string;
  size: number;
  label: string;
  onReady?: (canvas: HTMLCanvasElement) => void;
}

/** A QR code drawn locally on a canvas (no network), crisp on high-density screens. */
export function QrCanvas({ text, size, label, onReady }: QrCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || !text) return;
    const scale = Math.max(2, Math.ceil(window.devicePixelRatio || 1));
    QRCode.toCanvas(canvas, text, { width: size * scale, margin: 1, errorCorrectionLevel: 'M' })
      .then(() => {
        canvas.style.width = `${size}px`;
        canvas.style.height = `${size}px`;
        setFailed(false);
        onReady?.(canvas);
      })
      .catch(() => setFailed(true));
  }, [text, size, onReady]);
  return (
    <canvas
      ref={ref}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      data-testid="qrcode-canvas"
      data-text={text}
      data-failed={failed ? 1 : undefined}
      style={{ width: size, height: size }}
    />
  );
}
