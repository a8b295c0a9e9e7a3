import { describe, expect, it } from 'vitest';
import { defaultSystemInfo } from '@parley/protocol';
import { messageTypeOf, recordingExt, uploadRefusal } from './checks';
import { fileOpen } from './file-open';
import { clock, durationOf, humanSize, voiceLabel } from './format';
import { recordedSeconds } from './recorder';
import { safeMediaUrl } from './safe-url';
import { imageBox, voiceWidth } from './sizing';
import { clampPan, identity, swipeTarget, toggleZoom, zoomAt } from './zoom';

const rules = defaultSystemInfo.fileUpload;
const MB = 1024 * 1024;

describe('checks before an upload', () => {
  it('refuses what the server would refuse, before any byte is sent', () => {
    expect(uploadRefusal({ name: 'a.png', size: 10 }, rules)).toBeNull();
    expect(uploadRefusal({ name: 'Report.PDF', size: 10 }, rules)).toBeNull();
    expect(uploadRefusal({ name: 'a.exe', size: 10 }, rules)).toBe('typeNotAllowed');
    expect(uploadRefusal({ name: 'noext', size: 10 }, rules)).toBe('typeNotAllowed');
    expect(uploadRefusal({ name: 'big.mp4', size: 50 * MB + 1 }, rules)).toBe('tooLarge');
    expect(uploadRefusal({ name: 'edge.mp4', size: 50 * MB }, rules)).toBeNull();
    expect(uploadRefusal({ name: 'empty.txt', size: 0 }, rules)).toBe('empty');
    expect(uploadRefusal({ name: 'a.zip', size: 3 * MB }, { size: 2, fileExt: ['.ZIP'] })).toBe('tooLarge');
  });

  it('predicts the message type from the category (§5)', () => {
    expect(messageTypeOf('a.JPG')).toBe('image');
    expect(messageTypeOf('clip.mov')).toBe('video');
    expect(messageTypeOf('song.mp3')).toBe('file');
    expect(messageTypeOf('notes.md')).toBe('file');
  });

  it('names recordings so the server files them right (mp4 audio is m4a)', () => {
    expect(recordingExt('audio/webm;codecs=opus', 'audio')).toBe('webm');
    expect(recordingExt('audio/ogg;codecs=opus', 'audio')).toBe('ogg');
    expect(recordingExt('audio/mp4', 'audio')).toBe('m4a');
    expect(recordingExt('video/mp4', 'video')).toBe('mp4');
    expect(recordingExt('', 'video')).toBe('webm');
  });

  it('keeps recordings of 1–60 s and refuses shorter ones', () => {
    expect(recordedSeconds(0.6, 60)).toBeNull();
    expect(recordedSeconds(Number.NaN, 60)).toBeNull();
    expect(recordedSeconds(1, 60)).toBe(1);
    expect(recordedSeconds(3.2, 60)).toBe(3);
    expect(recordedSeconds(60.4, 60)).toBe(60);
  });
});

describe('display forms', () => {
  it('prints sizes in B, KB, MB, GB', () => {
    expect(humanSize(980)).toBe('980 B');
    expect(humanSize(12_800)).toBe('12.5 KB');
    expect(humanSize(3.25 * MB)).toBe('3.3 MB');
    expect(humanSize(150 * MB)).toBe('150 MB');
    expect(humanSize(2 * 1024 * MB)).toBe('2 GB');
  });

  it('prints voice lengths as 3″ and 1′05″, clocks as 0:07 and 1:02:03', () => {
    expect(voiceLabel(3)).toBe('3″');
    expect(voiceLabel(65)).toBe('1′05″');
    expect(clock(7.9)).toBe('0:07');
    expect(clock(60)).toBe('1:00');
    expect(clock(3723)).toBe('1:02:03');
  });

  it('reads a duration from extends, numbers or numeric strings', () => {
    expect(durationOf({ duration: 3 })).toBe(3);
    expect(durationOf({ duration: '12' })).toBe(12);
    expect(durationOf({ duration: 'x' })).toBe(0);
    expect(durationOf(null)).toBe(0);
  });
});

describe('bubble sizes (spec §9: 200 × 240)', () => {
  it('fits pictures into 200 × 240 without enlarging small ones', () => {
    expect(imageBox(900, 600)).toEqual({ width: 200, height: 133 });
    expect(imageBox(600, 1200)).toEqual({ width: 120, height: 240 });
    expect(imageBox(100, 80)).toEqual({ width: 100, height: 80 });
    expect(imageBox('640', '480')).toEqual({ width: 200, height: 150 });
  });

  it('keeps slivers tappable and gives unknown sizes a square', () => {
    expect(imageBox(4000, 100)).toEqual({ width: 200, height: 48 });
    expect(imageBox(undefined, undefined)).toEqual({ width: 150, height: 150 });
    expect(imageBox(0, 10)).toEqual({ width: 150, height: 150 });
  });

  it('widens voice bubbles with their length, within bounds', () => {
    expect(voiceWidth(1)).toBe(96);
    expect(voiceWidth(60)).toBe(220);
    expect(voiceWidth(90)).toBe(220);
    expect(voiceWidth(0)).toBe(96);
    expect(voiceWidth(30)).toBeGreaterThan(voiceWidth(10));
  });
});

describe('viewer zoom', () => {
  const stage = { width: 400, height: 800 };

  it('zooms around the pointer: the point under it stays put', () => {
    const v = zoomAt(identity, 2, 100, 0, stage);
    expect(v.scale).toBe(2);
    // Image point at 100 px right of centre: drawn at x + 100 * scale = 100.
    expect(v.x + 100 * v.scale).toBe(100);
  });

  it('stays within 1–5 and cannot pan the picture off the stage', () => {
    expect(zoomAt(identity, 9, 0, 0, stage).scale).toBe(5);
    expect(zoomAt({ scale: 2, x: 50, y: 0 }, 0.5, 0, 0, stage)).toEqual(identity);
    expect(clampPan({ scale: 2, x: 999, y: -999 }, stage)).toEqual({ scale: 2, x: 200, y: -400 });
  });

  it('toggles between fitted and 2.5× on double tap', () => {
    const zoomed = toggleZoom(identity, 0, 0, stage);
    expect(zoomed.scale).toBe(2.5);
    expect(toggleZoom(zoomed, 0, 0, stage)).toEqual(identity);
  });

  it('swipes to the neighbour only past the threshold and not past the ends', () => {
    expect(swipeTarget(-80, 0, 3)).toBe(1);
    expect(swipeTarget(80, 1, 3)).toBe(0);
    expect(swipeTarget(-30, 0, 3)).toBe(0);
    expect(swipeTarget(-80, 2, 3)).toBe(2);
    expect(swipeTarget(80, 0, 3)).toBe(0);
  });
});

describe('opening files', () => {
  const urls = {
    preview: 'https://x/view.html?src=a',
    download: 'https://x/filedown/tok',
    content: 'https://x/storage/f/a',
  };

  it('previews pictures, video, audio and PDF; shows text inline; downloads the rest', () => {
    expect(fileOpen({ name: 'a.pdf', ...urls })).toEqual({ kind: 'preview', url: urls.preview });
    expect(fileOpen({ name: 'a.mp3', ...urls })).toEqual({ kind: 'preview', url: urls.preview });
    expect(fileOpen({ name: 'a.txt', ...urls })).toEqual({ kind: 'preview', url: urls.content });
    expect(fileOpen({ name: 'a.docx', ...urls })).toEqual({ kind: 'download', url: urls.download });
  });

  it('has nothing to open without links (the card then says preview is not supported)', () => {
    expect(fileOpen({ name: 'a.docx' })).toBeNull();
  });

  it('plays only http(s) and blob URLs from a page query', () => {
    expect(safeMediaUrl('/storage/video/a.mp4', 'https://chat.example/#/x')).toBe(
      'https://chat.example/storage/video/a.mp4',
    );
    expect(safeMediaUrl('javascript:alert(1)')).toBeNull();
    expect(safeMediaUrl('data:video/mp4;base64,AA')).toBeNull();
    expect(safeMediaUrl(null)).toBeNull();
  });
});
