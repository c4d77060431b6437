import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/index.css';
import { licensingDe } from '../i18n/locales/licensing/de';
import { licensingEn } from '../i18n/locales/licensing/en';
import { licensingEs } from '../i18n/locales/licensing/es';
import { mockedLicensing, VALID_CODE } from '../test/mock-licensing';
import { StoryProvider, toAbilities } from '../test/StoryProvider';
import { Licensing } from './Licensing';

/** The tenant's licences against the licence calls mocked by MSW (src/test/mock-licensing.ts). */
const meta = {
  title: 'admin-panels/Licensing',
  component: Licensing,
  args: { onSaved: fn(), onError: fn(), onNavigate: fn() },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <Licensing {...args} />
    </StoryProvider>
  ),
  ...mockedLicensing(),
} satisfies Meta<typeof Licensing>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Trial: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findByTestId('licensing.current')).textContent).toContain('Avaliação');
    await canvas.findByTestId('licensing.history.row.TRIAL');
  },
};

export const Activate: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const code = await canvas.findByTestId('licensing.activate.code');
    await userEvent.type(code, 'codigo-falso');
    await userEvent.click(canvas.getByTestId('licensing.activate.submit'));
    await canvas.findByTestId('licensing.activate.error');
    await userEvent.clear(code);
    await userEvent.type(code, VALID_CODE);
    await userEvent.click(canvas.getByTestId('licensing.activate.submit'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith({ screen: 'licensing', tab: 'licences' }));
    await canvas.findByTestId('licensing.history.row.ACME-2027-01');
  },
};

export const UsageHistory: Story = {
  args: { tab: 'usage-history' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('licensing.usage.row')).toHaveLength(50));
    await userEvent.click(canvas.getByTestId('licensing.usage.more'));
    await waitFor(() => expect(canvas.getAllByTestId('licensing.usage.row')).toHaveLength(100));
  },
};

export const NoLicence: Story = {
  ...mockedLicensing({ noLicence: true }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('licensing.current.none');
  },
};

export const Loading: Story = {
  ...mockedLicensing({ delay: 60_000 }),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.rd-state--loading, [aria-busy="true"]')).not.toBeNull());
  },
};

export const LoadFailed: Story = {
  ...mockedLicensing({ failReads: 500 }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findAllByRole('button', { name: /Tentar novamente/ });
  },
};

export const ViewOnly: Story = {
  parameters: { grants: toAbilities(['Licensing.View']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('licensing.current');
    await expect(canvas.queryByTestId('licensing.activate')).toBeNull();
  },
};

export const NoPermission: Story = {
  globals: { permissions: 'none' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Não tem acesso');
  },
};

export const DarkFrench: Story = {
  globals: { skin: 'dark', locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Licence en vigueur');
    await expect(canvasElement.querySelector('.rd-theme-dark, [data-theme="dark"]')).not.toBeNull();
  },
};

/** The other languages, each on a tab of its own: the strings come from the locale files. */
const inLanguage = (
  locale: 'en' | 'de' | 'es',
  strings: typeof licensingEn,
  tab: 'licences' | 'usage-history',
): Story => ({
  args: { tab },
  globals: { locale },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('tab', { name: strings.tabs[tab], selected: true });
    if (tab === 'licences') await canvas.findByText(strings.current.title);
    else await waitFor(() => expect(canvas.getAllByTestId('licensing.usage.row').length).toBeGreaterThan(0));
  },
});

export const English: Story = inLanguage('en', licensingEn, 'licences');
export const German: Story = inLanguage('de', licensingDe, 'usage-history');
export const Spanish: Story = inLanguage('es', licensingEs, 'licences');
