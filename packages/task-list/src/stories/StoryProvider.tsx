/** The provider of the task-list stories: the abilities the list needs and a query client that does not retry. */
import { ReviewdeskProvider } from '@reviewdesk/ui';
import { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { storyAbilities, storyApi } from './mocks';

export function StoryProvider({ globals, children }: { globals: Record<string, unknown>; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <ReviewdeskProvider
      client={storyApi}
      queryClient={queryClient}
      locale={String(globals.locale ?? 'pt')}
      theme={globals.skin === 'dark' ? 'dark' : 'light'}
      abilities={globals.permissions === 'none' ? [] : storyAbilities}
      preferencesStorage={null}
    >
      <div style={{ padding: 16 }}>{children}</div>
    </ReviewdeskProvider>
  );
}
