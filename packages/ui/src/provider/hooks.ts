/** Small hooks over the provider context, so feature code asks only for what it uses. */
import type { ApiClient } from '@reviewdesk/api-client';
import { useStore } from 'zustand';
import type { Can } from '../abilities/can';
import type { PreferencesState } from '../preferences/store';
import { useReviewdesk } from './context';

/** The API client of the nearest provider. */
export function useApiClient(): ApiClient {
  return useReviewdesk().client;
}

/**
 * The permission check of the nearest provider.
 * @example
 * const can = useCan();
 * if (can('Task.Delete')) …
 */
export function useCan(): Can {
  return useReviewdesk().can;
}

/**
 * Reads the current user's device preferences; re-renders only when the selected slice changes.
 * @example
 * const autosave = usePreferences((p) => p.autosave);
 * const setPreferences = usePreferences((p) => p.setPreferences);
 */
export function usePreferences<T>(selector: (state: PreferencesState) => T): T {
  return useStore(useReviewdesk().preferences, selector);
}
