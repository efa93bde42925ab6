import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for what the page shows, up to this long. Testing Library's 1 s default is too short
// when `npm test` runs Vitest and the e2e suite side by side on 2 cores: a mocked answer then takes more than a
// second to reach the screen (seen: the applicant page's arrows, still disabled buttons at 1 s). Waiting longer
// changes nothing for a test that passes; a test that fails still fails, later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
