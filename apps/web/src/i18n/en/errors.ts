import type { errorsZhHans } from '../errors';

export const errorsEn: typeof errorsZhHans = {
  title: 'Something went wrong',
  text: 'This page ran into a problem and it has been reported. Reload it, or go back home.',
  reload: 'Reload',
  home: 'Back home',
  loadFailed: 'The page did not load. Tap to retry',
};
