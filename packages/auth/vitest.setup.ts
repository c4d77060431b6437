// Testing Library unmounts automatically only with vitest globals, which this package does not use.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
