import type { callsZhHans } from '../calls';

export const callsEn: typeof callsZhHans = {
  voiceCall: 'Voice call',
  videoCall: 'Video call',
  status: {
    calling: 'Calling…',
    ringing: 'Waiting for an answer…',
    incomingVoice: 'invites you to a voice call…',
    incomingVideo: 'invites you to a video call…',
    connecting: 'Connecting…',
  },
  reason: {
    camera: 'Camera authorization failed',
    microphone: 'Microphone permission denied, refresh and grant',
    media: 'The microphone or camera cannot be opened',
    insecure: 'Calls need this site to be opened over HTTPS',
    offline: 'The other party is offline',
    noAnswer: 'No answer',
    network: 'The connection was lost; the call has ended',
    iceFailed:
      'Could not connect the call. Check your network, or ask your administrator to set up a relay (TURN) server',
    failed: 'The call could not be placed',
  },
  path: {
    label: 'Connection',
    direct: 'Direct',
    stun: 'Direct, through STUN',
    relay: 'Through the relay server (TURN)',
  },
  network: {
    entry: 'Network check',
    intro:
      'Checks whether this device can reach the server, and the STUN and TURN relay servers calls use (over UDP and TCP).',
    server: 'Server',
    stun: 'STUN server',
    turn: 'TURN relay',
    testing: 'Testing…',
    ms: 'Reachable · {{ms}} ms',
    ok: 'Reachable',
    unreachable: 'Unreachable',
    auth: 'Credentials refused',
    unsupported: 'Not supported by this browser',
    again: 'Test again',
    advice: {
      serverDown:
        'This device cannot reach the server {{origin}}. Tell IT: this network blocks that address (HTTPS), or the server is down.',
      noServers:
        'No STUN or TURN server is configured, so calls only connect between devices on the same local network. Tell IT: ask the administrator to set up a TURN relay in the admin console.',
      allGood: 'All good: calls can be made from this network.',
      auth: 'The TURN relay {{host}} refused the call credentials. Tell IT: the shared secret in the admin console does not match coturn’s static-auth-secret.',
      udpBlocked:
        'The TURN relay {{host}} is reachable over TCP only, so calls may stutter. Tell IT: allow UDP to {{host}} and the relay port range (49152–65535 by default in coturn).',
      turnBlocked:
        'The TURN relay {{host}} cannot be reached. Tell IT: allow UDP and TCP to {{host}} and the relay port range (49152–65535 by default in coturn).',
      stunBlocked: 'The STUN server {{host}} cannot be reached. Tell IT: allow UDP to {{host}}.',
    },
  },
  controls: {
    micOn: 'Mic on',
    micOff: 'Mic off',
    cameraOn: 'Camera on',
    cameraOff: 'Camera off',
    speaker: 'Speaker',
    switchCamera: 'Flip camera',
    hangUp: 'Hang up',
    cancel: 'Cancel',
    accept: 'Accept',
    decline: 'Decline',
  },
  alreadyInCall: 'You are already in a call',
  noCall: 'No call in progress',
  backToCall: 'Call in progress, tap to return',
  incomingLabel: 'Call from {{name}}',
  myVideo: 'My video',
  peerVideo: 'Video of {{name}}',
};
