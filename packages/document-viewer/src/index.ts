export type * from './pages/types.js';
