import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Checkbox, Input, Select, Switch } from './Field';

const meta = {
  title: 'ui/Fields',
  component: Input,
  args: { label: 'Nome da tarefa', placeholder: 'Fatura 2024-001' },
  decorators: [(Story) => <div style={{ maxWidth: '22rem', display: 'grid', gap: '1rem' }}>{Story()}</div>],
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TextInput: Story = {
  args: { hint: 'Visível na lista de tarefas.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Nome da tarefa');
    await userEvent.type(input, 'Recibo');
    await expect(input).toHaveValue('Recibo');
    await expect(input).toHaveAccessibleDescription('Visível na lista de tarefas.');
  },
};

export const WithError: Story = {
  args: { required: true, error: 'O nome é obrigatório.', defaultValue: '' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('O nome é obrigatório.');
  },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'Só leitura' } };

export const SelectField: Story = {
  render: () => (
    <Select
      label="Idioma"
      placeholder="Selecione uma opção"
      defaultValue="pt"
      options={[
        { value: 'pt', label: 'Português' },
        { value: 'en', label: 'English' },
        { value: 'de', label: 'Deutsch' },
        { value: 'fr', label: 'Français' },
        { value: 'es', label: 'Español' },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByLabelText('Idioma');
    await userEvent.selectOptions(select, 'fr');
    await expect(select).toHaveValue('fr');
  },
};

function Toggles() {
  const [all, setAll] = useState(false);
  const [autosave, setAutosave] = useState(true);
  return (
    <>
      <Checkbox label="Selecionar todas" checked={all} onChange={(e) => setAll(e.target.checked)} />
      <Switch label="Gravação automática" checked={autosave} onChange={(e) => setAutosave(e.target.checked)} />
      <Checkbox label="Indisponível" disabled />
      <Checkbox label="Aceito os termos" error="Obrigatório" />
    </>
  );
}

export const CheckboxAndSwitch: Story = {
  render: () => <Toggles />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const checkbox = canvas.getByRole('checkbox', { name: 'Selecionar todas' });
    await userEvent.click(canvas.getByText('Selecionar todas'));
    await expect(checkbox).toBeChecked();
    const toggle = canvas.getByRole('switch', { name: 'Gravação automática' });
    toggle.focus();
    await userEvent.keyboard(' ');
    await expect(toggle).not.toBeChecked();
  },
};

export const DarkSkin: Story = {
  globals: { skin: 'dark' },
  render: () => (
    <>
      <Input label="Nome da tarefa" hint="Visível na lista de tarefas." />
      <Input label="E-mail" error="E-mail inválido" defaultValue="ana@" />
      <Select label="Idioma" options={[{ value: 'pt', label: 'Português' }]} />
      <Toggles />
    </>
  ),
};
