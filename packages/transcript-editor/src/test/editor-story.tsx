/**
 * The render of a transcript-editor story: the editor full height inside the provider, in the
 * toolbar's locale and skin, with the abilities the story needs, a fresh user (so no story finds
 * another's journal) unless the story names one, and no stored preferences.
 */
import { createApiClient } from '@reviewdesk/api-client';
import { type Ability, ReviewdeskProvider } from '@reviewdesk/ui';
import type { StoryContext } from '@storybook/react-vite';
import { TranscriptEditor, type TranscriptEditorProps } from '../editor/TranscriptEditor.js';

/** The recording the stories play (served by Storybook from fixtures/). */
export const STORY_AUDIO_URL = '/fixtures/transcript-editor/jfk.mp3';

const storyClient = createApiClient({ baseUrl: '/', getAccessToken: () => 'storybook-token' });
export const freshUser = () => `story-${Math.random().toString(36).slice(2)}`;

export function renderEditorStory(abilities?: Ability[]) {
  return (args: TranscriptEditorProps, { globals }: StoryContext<TranscriptEditorProps>) => (
    <ReviewdeskProvider
      client={storyClient}
      locale={String(globals.locale ?? 'en')}
      theme={globals.skin === 'dark' ? 'dark' : 'light'}
      preferencesStorage={null}
      {...(abilities ? { abilities } : {})}
    >
      <div style={{ height: '100vh' }}>
        <TranscriptEditor {...args} userId={args.userId ?? freshUser()} />
      </div>
    </ReviewdeskProvider>
  );
}
