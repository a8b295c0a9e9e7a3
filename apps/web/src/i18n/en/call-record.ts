import type { callRecordZhHans } from '../call-record';

export const callRecordEn: typeof callRecordZhHans = {
  callBackVideo: '{{text}}, tap to start a video call',
  callBackVoice: '{{text}}, tap to start a voice call',
};
