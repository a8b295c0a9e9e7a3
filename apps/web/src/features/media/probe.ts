/**
 * Reading local media before upload: the bubble needs an image's size at once (so it does not
 * jump when the stored file arrives) and a video its length (the server does not decode video).
 * Each resolves null instead of failing: a file the browser cannot decode is still sent.
 */

const PROBE_TIMEOUT_MS = 5000;

function withTimeout<T>(p: Promise<T | null>): Promise<T | null> {
  return Promise.race([p, new Promise<null>((r) => setTimeout(() => r(null), PROBE_TIMEOUT_MS))]);
}

export function readImageSize(url: string): Promise<{ width: number; height: number } | null> {
  return withTimeout(
    new Promise((resolve) => {
      const img = new Image();
      img.onload = () => resolve(img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null);
      img.onerror = () => resolve(null);
      img.src = url;
    }),
  );
}

export function readVideoInfo(url: string): Promise<{ duration: number; width: number; height: number } | null> {
  return withTimeout(
    new Promise((resolve) => {
      const video = document.createElement('video');
      video.preload = 'metadata';
      video.muted = true;
      video.onloadedmetadata = () =>
        resolve({
          duration: Number.isFinite(video.duration) ? video.duration : 0,
          width: video.videoWidth,
          height: video.videoHeight,
        });
      video.onerror = () => resolve(null);
      video.src = url;
    }),
  );
}
