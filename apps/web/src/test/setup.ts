import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../../../../scripts/vitest-fail-on-console-error.ts';

afterEach(() => cleanup());
