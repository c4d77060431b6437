import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../../styles/index.css';
import { WORKSPACE_ID } from '../../test/mock-api';
import { mockedWorkspace } from '../../test/mock-workspace-config';
import { StoryProvider, toAbilities } from '../../test/StoryProvider';
import { WorkspaceSettings } from '../WorkspaceSettings';

const NOT_YET = [
  'SdWorkspace_PipelineHasRedirects',
  'SdWorkspace_GetStepRedirected',
  'SdWorkspace_AvailableHooks',
  'SdWorkspace_RecognizerHooks',
];

/** The for-developers tab of workspace edit against the configuration mock (the contract's shapes). */
const meta = {
  title: 'admin-panels/WorkspaceSettings/ForDevelopers',
  component: WorkspaceSettings,
  args: { workspaceId: WORKSPACE_ID, tab: 'for-developers', onSaved: fn(), onError: fn(), onNavigate: fn() },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <WorkspaceSettings {...args} />
    </StoryProvider>
  ),
  ...mockedWorkspace(),
} satisfies Meta<typeof WorkspaceSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

export const RedirectAStep: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('workspace.developers.redirect.ocr.enabled'));
    await userEvent.selectOptions(canvas.getByTestId('workspace.developers.redirect.ocr.queue'), 'ocr-bulk');
    await userEvent.click(canvas.getByTestId('workspace.developers.redirect.ocr.save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    await canvas.findByTestId('workspace.developers.hasRedirects');
  },
};

export const ChooseHooks: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('workspace.developers.hook.iban-check'));
    await userEvent.click(canvas.getByTestId('workspace.developers.hooks.save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

export const NotAvailableYet: Story = {
  ...mockedWorkspace({ notImplemented: NOT_YET }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('workspace.developers.redirectsNotAvailable');
    await canvas.findByTestId('workspace.developers.hooksNotAvailable');
    await canvas.findByText('Reconhecimento de texto');
  },
};

export const NoHookServices: Story = {
  ...mockedWorkspace({ hookServices: [] }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('A organização não tem serviços de ganchos.');
  },
};

export const Loading: Story = {
  ...mockedWorkspace({ delay: 60_000 }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText('Reconhecimento de texto')).toBeNull();
  },
};

export const LoadFailed: Story = {
  ...mockedWorkspace({ failReads: 500 }),
  play: async ({ canvasElement }) => {
    await expect(
      (await within(canvasElement).findAllByRole('button', { name: /Tentar novamente/ })).length,
    ).toBeGreaterThan(0);
  },
};

export const ReadOnly: Story = {
  parameters: { grants: toAbilities(['Workspace.View', 'Workspace.ForDevelopers']) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('workspace.developers.hook.nif-check')).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Reconhecimento de texto');
  },
};

export const Spanish: Story = {
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Ganchos tras el reconocimiento');
  },
};
