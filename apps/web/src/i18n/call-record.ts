/**
 * Strings of the call record in the chat (the `webrtc` message). The call texts themselves come
 * from the protocol's `callText`, shared with the server. Kept in their own file so the shared
 * language files change by one line each; the English table is typed by the Chinese one.
 */
export const callRecordZhHans = {
  callBackVideo: '{{text}}，点击发起视频通话',
  callBackVoice: '{{text}}，点击发起语音通话',
};
