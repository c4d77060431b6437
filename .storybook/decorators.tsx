/**
 * Wraps every story in a ReviewdeskProvider driven by the toolbar globals (skin, locale,
 * permissions). The provider is keyed by those globals so a switch gives a fresh instance,
 * like a host re-mounting with new options.
 */

import { createApiClient } from '@reviewdesk/api-client';
import type { Decorator } from '@storybook/react-vite';
import { type Ability, ReviewdeskProvider, type Skin } from '../packages/ui/src';

/** A real client against Storybook's own origin, where MSW answers (see ./msw/handlers.ts). */
const storyClient = createApiClient({ baseUrl: '/', getAccessToken: () => 'storybook-token' });

/** Every ability the stories need when the "permissions" toolbar says "all". */
export const ALL_ABILITIES: Ability[] = [
  { subject: 'Task', action: 'ListView' },
  { subject: 'Task', action: 'View' },
  { subject: 'Task', action: 'Review' },
  { subject: 'Task', action: 'Delete' },
  { subject: 'Viewer', action: 'View' },
  { subject: 'Home', action: 'View' },
];

export const withReviewdesk: Decorator = (Story, context) => {
  const skin = (context.globals.skin ?? 'light') as Skin;
  const locale = (context.globals.locale ?? 'pt') as string;
  const abilities = context.globals.permissions === 'none' ? [] : ALL_ABILITIES;
  return (
    <ReviewdeskProvider
      key={`${skin}-${locale}-${context.globals.permissions}`}
      client={storyClient}
      theme={skin}
      locale={locale}
      abilities={abilities}
      preferencesStorage={null}
      className="rd-sb-canvas"
    >
      <Story />
    </ReviewdeskProvider>
  );
};
