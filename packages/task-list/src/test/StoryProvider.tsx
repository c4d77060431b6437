/** The provider of the task-list stories: the abilities the list needs and a query client that does not retry. */
import { type Ability, ReviewdeskProvider } from '@reviewdesk/ui';
import { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTaskListStrings } from '../i18n/resources';
import { storyAbilities, storyApi } from './story-mocks';

/** The package's strings, for stories that render an inner part without `<TaskList>` around it. */
function TaskListStrings({ children }: { children: ReactNode }) {
  useTaskListStrings();
  return <>{children}</>;
}

export function StoryProvider({
  globals,
  abilities = storyAbilities,
  children,
}: {
  globals: Record<string, unknown>;
  /** The abilities of the story's user; the list's own by default. */
  abilities?: Ability[];
  children: ReactNode;
}) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <ReviewdeskProvider
      client={storyApi}
      queryClient={queryClient}
      locale={String(globals.locale ?? 'pt')}
      theme={globals.skin === 'dark' ? 'dark' : 'light'}
      abilities={globals.permissions === 'none' ? [] : abilities}
      preferencesStorage={null}
    >
      <TaskListStrings>
        <div style={{ padding: 16 }}>{children}</div>
      </TaskListStrings>
    </ReviewdeskProvider>
  );
}
