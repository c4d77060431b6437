import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { withReviewdesk } from './decorators';
import { handlers } from './msw/handlers';
import '../packages/ui/src/styles/index.css';
import './preview.css';

const preview: Preview = {
  loaders: [mswLoader()],
  decorators: [withReviewdesk],
  globalTypes: {
    skin: {
      description: 'Reviewdesk skin',
      toolbar: {
        title: 'Skin',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'pt', title: 'Português (pt-PT)' },
          { value: 'en', title: 'English (en-US)' },
          { value: 'de', title: 'Deutsch (de-DE)' },
          { value: 'fr', title: 'Français (fr-FR)' },
          { value: 'es', title: 'Español (es-ES)' },
        ],
        dynamicTitle: true,
      },
    },
    permissions: {
      description: 'Abilities of the signed-in user',
      toolbar: {
        title: 'Permissions',
        icon: 'lock',
        items: [
          { value: 'all', title: 'All abilities' },
          { value: 'none', title: 'No abilities' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { skin: 'light', locale: 'pt', permissions: 'all' },
  parameters: {
    layout: 'fullscreen',
    msw: { handlers },
    // Accessibility violations fail the story tests, not just the panel.
    a11y: {
      test: 'error',
      config: {
        rules: [
          // @floating-ui's focus guards are aria-hidden, focusable sentinels by design: they
          // catch Tab at the edges of a popup and hand focus on. Check everything else.
          { id: 'aria-hidden-focus', selector: '[aria-hidden="true"]:not([data-floating-ui-focus-guard])' },
        ],
      },
    },
    controls: { expanded: true },
  },
};

export default preview;
