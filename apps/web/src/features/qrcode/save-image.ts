/**
 * "Save image" for a drawn QR code: the system share sheet where it takes files (phones), else a
 * download. Resolves false when neither is possible (spec §8 'method not supported').
 */
export async function saveCanvas(canvas: HTMLCanvasElement, fileName: string): Promise<boolean> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) return false;
  const file = new File([blob], fileName, { type: 'image/png' });
  const nav = navigator as Navigator & { canShare?: (d: ShareData) => boolean };
  if (nav.canShare?.({ files: [file] })) {
    try {
      await nav.share({ files: [file] });
      return true;
    } catch {
      // Cancelled or refused: fall back to a download.
    }
  }
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    if (!('download' in a)) return false;
    a.href = url;
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    return true;
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
