/**
 * Default API mocks for every story. Paths follow the contract (`/api/v{version}/…`); a story
 * that needs another answer overrides one in its `beforeEach({ msw })`.
 */
import { HttpResponse, http } from 'msw';

/** Base URL the stories' client and helpers call (same origin as Storybook). */
export const API_BASE = '/api/v1.0';

export const healthy = http.get(`${API_BASE}/HealthCheck`, () => HttpResponse.json(true));
export const unhealthy = http.get(`${API_BASE}/HealthCheck`, () => HttpResponse.json(false));
export const healthFails = (status: number) =>
  http.get(`${API_BASE}/HealthCheck`, () => HttpResponse.json({ succeeded: false, errors: [] }, { status }));

export const handlers = [healthy];
