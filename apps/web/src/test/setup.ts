import { configure } from '@testing-library/react';
import { i18n } from '../i18n';
import { en } from '../i18n/en';

/**
 * Testing Library's `waitFor`/`findBy*` give up after 1 s by default. A lazy screen's first
 * render on a busy 2-core CI machine (other test files running beside it) can take longer,
 * which is not what these tests are about; 5 s keeps them about behaviour, not speed.
 */
configure({ asyncUtilTimeout: 5000 });

// The app loads English on demand (i18n/index.ts); tests switch languages synchronously.
i18n.addResourceBundle('en', 'translation', en);
