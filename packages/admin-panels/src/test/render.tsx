/** Renders a screen of the package as a host would, against the MSW mock of src/test/mock-api.ts. */
import { createApiClient } from '@reviewdesk/api-client';
import { type Ability, ReviewdeskProvider } from '@reviewdesk/ui';
import { QueryClient } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';

export const API_ORIGIN = 'https://api.reviewdesk.test';

/** A real client; fetch is looked up late so MSW, installed in `beforeAll`, sees the calls. */
export const testClient = () =>
  createApiClient({ baseUrl: API_ORIGIN, getAccessToken: () => 'token', fetch: (r) => globalThis.fetch(r) });

/** `'Workspace.Edit'` → `{ subject: 'Workspace', action: 'Edit' }`. */
export const abilities = (...permissions: string[]): Ability[] =>
  permissions.map((p) => {
    const [subject = '', action = ''] = p.split('.');
    return { subject, action };
  });

export function renderAdmin(ui: ReactNode, { grants = [] as Ability[], locale = 'en' } = {}): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ReviewdeskProvider
      client={testClient()}
      queryClient={queryClient}
      locale={locale}
      abilities={grants}
      preferencesStorage={null}
    >
      {ui}
    </ReviewdeskProvider>,
  );
}
