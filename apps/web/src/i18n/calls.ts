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
    /** The protocol's catalogue text (§10.4 `call.iceFailed`); a test keeps them equal. */
    iceFailed: '无法建立通话连接，请检查网络或联系管理员配置中继服务器',
    failed: '呼叫失败',
  },
  /** The call's details: which way the media travels (issue 40). */
  path: { label: '连接方式', direct: '直连', stun: '经 STUN 穿透直连', relay: '经中继服务器（TURN）转发' },
  /** Settings → Network check (issue 40). */
  network: {
    entry: '网络检测',
    intro: '检测本设备能否连接服务器，以及通话所用的 STUN 和 TURN 中继服务器（UDP 与 TCP）。',
    server: '服务器',
    stun: 'STUN 服务器',
    turn: 'TURN 中继',
    testing: '检测中…',
    ms: '可连接 · {{ms}} 毫秒',
    ok: '可连接',
    unreachable: '无法连接',
    auth: '认证失败',
    unsupported: '此浏览器不支持',
    again: '重新检测',
    advice: {
      serverDown: '无法连接服务器 {{origin}}。请告诉 IT：本网络无法访问该地址（HTTPS），或服务器已停止。',
      noServers:
        '服务器未配置 STUN 或 TURN：只有同一局域网内的设备之间能通话。请告诉 IT：请管理员在后台配置 TURN 中继服务器。',
      allGood: '一切正常：在这个网络上可以发起通话。',
      auth: 'TURN 中继 {{host}} 拒绝了通话凭据。请告诉 IT：后台设置的共享密钥与 coturn 的 static-auth-secret 不一致。',
      udpBlocked:
        'TURN 中继 {{host}} 只能通过 TCP 连接，通话可能卡顿。请告诉 IT：放行到 {{host}} 的 UDP 端口，以及中继端口范围（coturn 默认 49152–65535）。',
      turnBlocked:
        '无法连接 TURN 中继 {{host}}。请告诉 IT：放行到 {{host}} 的 UDP 和 TCP 端口，以及中继端口范围（coturn 默认 49152–65535）。',
      stunBlocked: '无法连接 STUN 服务器 {{host}}。请告诉 IT：放行到 {{host}} 的 UDP 端口。',
    },
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
