import { askAfterFirstChat } from './permission';
import { startPush } from './push';
import { followAccountNotify } from './notify-sync';
import { UpdatePrompt } from './UpdatePrompt';
import { startServiceWorker } from './update';

/**
 * The installable app's start (issue 22), loaded after the first paint by main.tsx: the login
 * page's first load stays within its budget (issue 15) and none of this is needed to draw it.
 */
export function startPwa(router: { navigate(to: string): Promise<void> }): void {
  // A click on a notification names an app route (`./#/pages/…`): follow it in this tab.
  startServiceWorker((url) => void router.navigate(url.includes('#') ? url.slice(url.indexOf('#') + 1) : '/'));
  startPush();
  followAccountNotify();
  askAfterFirstChat();
}

/** The "new version" prompt, over every page (the notification offer lives in the chat: OfferBar). */
export function PwaBars() {
  return <UpdatePrompt />;
}
