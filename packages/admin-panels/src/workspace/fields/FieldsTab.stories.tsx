import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../../styles/index.css';
import { TRAINED_MODEL, WORKSPACE_ID } from '../../test/mock-api';
import { ADMIN_ABILITIES, StoryProvider, toAbilities } from '../../test/StoryProvider';
import { mocked } from '../../test/story-helpers';
import { WorkspaceSettings } from '../WorkspaceSettings';

/** The fields tab of workspace edit against the admin mock (src/test/mock-api.ts). */
const meta = {
  title: 'admin-panels/WorkspaceSettings/Fields',
  component: WorkspaceSettings,
  args: { workspaceId: WORKSPACE_ID, tab: 'fields', onSaved: fn(), onError: fn(), onNavigate: fn() },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <WorkspaceSettings {...args} />
    </StoryProvider>
  ),
  ...mocked(),
} satisfies Meta<typeof WorkspaceSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Fields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('workspace.fields.row.Items');
    await expect(canvas.getByTestId('workspace.fields.level')).toHaveTextContent('Sem alterações.');
    await expect(canvas.getByRole('list', { name: 'Colunas de Linhas' })).toHaveTextContent('Valor');
  },
};

export const ReorderWithTheKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const handle = await canvas.findByTestId('workspace.fields.handle.InvoiceTotal');
    handle.focus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(handle).toHaveFocus();
    await expect(canvas.getByTestId('workspace.fields.level')).toHaveTextContent('Requer reprocessamento.');
    await userEvent.click(canvas.getByTestId('workspace.fields.save'));
    await canvas.findByTestId('workspace.fields.reprocessOffer');
    await expect(args.onSaved).toHaveBeenCalled();
  },
};

export const EditAppliesToCurrentTask: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByTestId('workspace.fields.edit.InvoiceDate'));
    await userEvent.type(await page.findByTestId('workspace.field.name'), ' de emissão');
    await userEvent.click(page.getByTestId('workspace.field.done'));
    await expect(canvas.getByTestId('workspace.fields.level')).toHaveTextContent('Aplica-se à tarefa atual.');
  },
};

/** Who may change the workspace's model chooses a trained custom model to read its documents. */
export const CustomModel: Story = {
  parameters: { grants: [...ADMIN_ABILITIES, ...toAbilities(['Workspace.UpdateCustomModel'])] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const choice = await canvas.findByTestId('workspace.customModel.choice');
    await canvas.findByRole('option', { name: 'Guias de remessa, versão 2 (96 % de confiança média)' });
    await expect(canvas.getByTestId('workspace.customModel.save')).toBeDisabled();
    await userEvent.selectOptions(choice, TRAINED_MODEL.id);
    await userEvent.click(canvas.getByTestId('workspace.customModel.save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith(expect.objectContaining({ tab: 'fields' })));
    await waitFor(() => expect(canvas.getByTestId('workspace.customModel.save')).toBeDisabled());
    await expect(choice).toHaveValue(TRAINED_MODEL.id);
  },
};

/** The custom model choice in dark. */
export const CustomModelDark: Story = {
  globals: { skin: 'dark' },
  parameters: { grants: [...ADMIN_ABILITIES, ...toAbilities(['Workspace.UpdateCustomModel'])] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('option', { name: /Guias de remessa/ });
  },
};

export const KeyRules: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByTestId('workspace.fields.add'));
    await userEvent.type(await page.findByTestId('workspace.field.key'), 'taxa iva');
    await userEvent.type(page.getByTestId('workspace.field.name'), 'Taxa de IVA');
    await userEvent.click(page.getByTestId('workspace.field.done'));
    await page.findByText('Apenas letras, algarismos e pontos.');
  },
};

export const LoadFailed: Story = {
  ...mocked({ failReads: 500 }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: /Tentar novamente/ });
  },
};

export const SaveRefused: Story = {
  ...mocked({ failSaves: 400 }),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('workspace.fields.delete.cost.center'));
    await userEvent.click(canvas.getByTestId('workspace.fields.save'));
    await waitFor(() => expect(args.onError).toHaveBeenCalled());
    // The edit stays, to be saved again.
    await expect(canvas.queryByTestId('workspace.fields.row.cost.center')).toBeNull();
  },
};

export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('workspace.fields.row.Items');
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Champs détectés, dans l’ordre');
  },
};
