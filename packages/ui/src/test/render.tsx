/** Test helper: renders inside a fresh provider (own i18n, stores, query client). */
import type { ApiClient } from '@reviewdesk/api-client';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ReviewdeskProvider, type ReviewdeskProviderProps } from '../provider/ReviewdeskProvider';

/** The components under test never call the API; a bare object stands in for the client. */
export const fakeClient = {} as ApiClient;

export function renderWithProvider(ui: ReactNode, props: Partial<ReviewdeskProviderProps> = {}): RenderResult {
  return render(
    <ReviewdeskProvider client={fakeClient} preferencesStorage={null} {...props}>
      {ui}
    </ReviewdeskProvider>,
  );
}
