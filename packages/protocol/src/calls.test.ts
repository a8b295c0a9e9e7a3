import { describe, expect, it } from 'vitest';
import { callDuration, callText, iceServersOf, sendToMsgParams, webrtcContent } from './calls';

describe('callText (PROTOCOL §10.3)', () => {
  it('names the medium while a call rings', () => {
    expect(callText(901, 1, 0, 'zh-cn')).toBe('视频通话');
    expect(callText(901, 0, 0, 'zh-cn')).toBe('语音通话');
    expect(callText(901, 1, 0, 'en-us')).toBe('Video call');
    expect(callText(901, 0, 0, 'en-us')).toBe('Voice call');
  });

  it('says how a call ended, in both languages', () => {
    expect(callText(902, 1, 0, 'en-us')).toBe('Call cancelled');
    expect(callText(903, 0, 0, 'zh-cn')).toBe('对方已拒绝');
    expect(callText(905, 1, 0, 'en-us')).toBe('Not connected');
    expect(callText(907, 1, 0, 'zh-cn')).toBe('对方忙线中');
    expect(callText(908, 1, 0, 'en-us')).toBe('Handled on another device');
  });

  it('gives the duration as mm:ss, and h:mm:ss from one hour', () => {
    expect(callText(906, 1, 7, 'zh-cn')).toBe('通话时长 00:07');
    expect(callText(906, 0, 7, 'en-us')).toBe('Call duration 00:07');
    expect(callDuration(59 * 60 + 59)).toBe('59:59');
    expect(callDuration(3600)).toBe('1:00:00');
    expect(callDuration(2 * 3600 + 5 * 60 + 9)).toBe('2:05:09');
  });

  it('reads an unknown code as a ringing call and iceCandidate as connecting', () => {
    expect(callText(999, 0, 0, 'en-us')).toBe('Voice call');
    expect(webrtcContent('iceCandidate', 901, 1, 0, 'en-us')).toBe('Connecting…');
    expect(webrtcContent('iceCandidate', 901, 1, 0, 'zh-cn')).toBe('正在连接…');
  });
});

describe('sendToMsgParams', () => {
  const id = '0F8FAD5B-D9CB-469F-A165-70867728950E';

  it('coerces form values and fills the defaults', () => {
    const p = sendToMsgParams.parse({ toContactId: '3', type: '1', id });
    expect(p).toMatchObject({ toContactId: 3, type: 1, event: 'calling', code: 901, id: id.toLowerCase() });
  });

  it('refuses unknown events, codes and types', () => {
    expect(sendToMsgParams.safeParse({ toContactId: 3, type: 1, id, event: 'otherOpt' }).success).toBe(false);
    expect(sendToMsgParams.safeParse({ toContactId: 3, type: 1, id, code: 900 }).success).toBe(false);
    expect(sendToMsgParams.safeParse({ toContactId: 3, type: 2, id }).success).toBe(false);
  });

  it('keeps an sdp object as sent', () => {
    const sdp = { type: 'offer', sdp: 'v=0' };
    expect(sendToMsgParams.parse({ toContactId: 3, type: 0, id, event: 'offer', sdp }).sdp).toEqual(sdp);
  });
});

describe('iceServersOf', () => {
  it('adds the stun setting as one entry after the list', () => {
    const iceServers = [{ urls: 'stun:a.example.com' }];
    expect(iceServersOf({ iceServers, stun: '', stunUser: '', stunPass: '' })).toEqual(iceServers);
    expect(iceServersOf({ iceServers, stun: 'turn:t.example.com:3478', stunUser: 'u', stunPass: 'p' })).toEqual([
      { urls: 'stun:a.example.com' },
      { urls: 'turn:t.example.com:3478', username: 'u', credential: 'p' },
    ]);
  });
});
