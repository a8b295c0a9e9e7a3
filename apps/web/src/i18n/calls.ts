/**
 * Strings of voice and video calls (issue 6): the call page, the ringing overlay, the "+"
 * entries and the user card buttons. The call records' own texts (§10.3) come from the
 * protocol's callText(). The English table is typed by the Chinese one.
 */
export const callsZhHans = {
  voiceCall: '语音通话',
  videoCall: '视频通话',
  status: {
    calling: '正在呼叫…',
    ringing: '等待对方接受邀请…',
    incomingVoice: '邀请你语音通话…',
    incomingVideo: '邀请你视频通话…',
    connecting: '正在连接…',
  },
  reason: {
    camera: '摄像头授权失败',
    microphone: '麦克风权限被拒绝，请刷新页面后授权',
    media: '无法打开麦克风或摄像头',
    insecure: '通话需要通过 HTTPS 访问本站',
    offline: '对方已离线',
    noAnswer: '对方无应答',
    network: '网络连接中断，通话已结束',
    failed: '呼叫失败',
  },
  controls: {
    micOn: '麦克风已开',
    micOff: '麦克风已关',
    cameraOn: '摄像头已开',
    cameraOff: '摄像头已关',
    speaker: '扬声器',
    switchCamera: '切换摄像头',
    hangUp: '挂断',
    cancel: '取消',
    accept: '接听',
    decline: '拒绝',
  },
  alreadyInCall: '当前正在通话中',
  noCall: '当前没有通话',
  backToCall: '正在通话中，点击返回',
  incomingLabel: '{{name}}的来电',
  myVideo: '我的画面',
  peerVideo: '{{name}}的画面',
};
