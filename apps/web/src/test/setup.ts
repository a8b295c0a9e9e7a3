import { configure } from '@testing-library/react';

/**
 * Testing Library's `waitFor`/`findBy*` give up after 1 s by default. A lazy screen's first
 * render on a busy 2-core CI machine (other test files running beside it) can take longer,
 * which is not what these tests are about; 5 s keeps them about behaviour, not speed.
 */
configure({ asyncUtilTimeout: 5000 });
