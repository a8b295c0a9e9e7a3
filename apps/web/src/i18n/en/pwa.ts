import type { pwaZhHans } from '../pwa';

export const pwaEn: typeof pwaZhHans = {
  update: { title: 'New version', text: 'A new version is ready. Reload to use it.', reload: 'Reload', later: 'Later' },
  outbox: { waiting: 'Waiting for the network; it will be sent when it returns' },
  notify: {
    rowTitle: 'System notifications',
    rowOn: 'On',
    rowOff: 'Off',
    rowDenied: 'Blocked by the browser',
    rowUnsupported: 'Not supported by this browser',
    askTitle: 'Turn on notifications?',
    askText:
      'When the page is in the background or closed, new messages and calls show as system notifications. Muted chats stay silent.',
    askOk: 'Turn on',
    askLater: 'Not now',
    denied:
      'The browser blocks notifications. To allow them, open the site settings left of the address bar, allow notifications, then reload the page.',
    enabled: 'System notifications are on',
    disabled: 'System notifications are off on this device',
    fromInGroup: '{{name}}: {{text}}',
    incomingVoice: 'is calling you (voice)',
    incomingVideo: 'is calling you (video)',
    titleUnread: '({{count}}) {{title}}',
  },
};
