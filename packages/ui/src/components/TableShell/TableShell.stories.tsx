import { enumCodeOf } from '@reviewdesk/api-client';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { useCan } from '../../provider/hooks';
import { AvatarGroup } from '../AvatarGroup/AvatarGroup';
import { Button } from '../Button/Button';
import { Input } from '../Field/Field';
import { Menu } from '../Menu/Menu';
import { TaskStatusBadge } from '../TaskStatusBadge/TaskStatusBadge';
import { type TableColumn, TableShell } from './TableShell';

const columns: TableColumn[] = [
  { id: 'name', header: 'Nome' },
  { id: 'status', header: 'Estado', width: '14rem' },
  { id: 'assignees', header: 'Atribuída a', width: '10rem' },
  { id: 'pages', header: 'Páginas', width: '6rem', align: 'end' },
  { id: 'actions', header: <span className="rd-visually-hidden">Ações</span>, width: '8rem', align: 'end' },
];

const people = ['Ana Silva', 'Rui Costa', 'Marta Sousa', 'João Pereira', 'Inês Almeida'].map((name, i) => ({
  id: `u${i}`,
  name,
}));

const rows = [
  { id: 't1', name: 'Fatura 2024-0183.pdf', status: enumCodeOf('TaskStatus', 'ToReview'), assignees: people, pages: 3 },
  {
    id: 't2',
    name: 'Recibo farmácia.jpg',
    status: enumCodeOf('TaskStatus', 'RecognizingInProgress'),
    assignees: people.slice(0, 1),
    pages: 1,
  },
  {
    id: 't3',
    name: 'Contrato arrendamento.pdf',
    status: enumCodeOf('TaskStatus', 'Processed'),
    assignees: people.slice(1, 3),
    pages: 12,
  },
  {
    id: 't4',
    name: 'Reunião conselho.mp3',
    status: enumCodeOf('TaskStatus', 'RecognizingFailed'),
    assignees: [],
    pages: 0,
  },
];

function Rows() {
  return (
    <>
      {rows.map((row) => (
        <tr key={row.id}>
          <td>{row.name}</td>
          <td>
            <TaskStatusBadge status={row.status} />
          </td>
          <td>
            <AvatarGroup people={row.assignees} size="sm" />
          </td>
          <td className="rd-table__cell--end">{row.pages}</td>
          <td className="rd-table__cell--end">
            <Menu
              label={`Ações: ${row.name}`}
              triggerContent="⋯"
              items={[{ id: 'view', label: 'Ver', onSelect: () => {} }]}
            />
          </td>
        </tr>
      ))}
    </>
  );
}

/** Shows how a feature gates a list on an ability: denied instead of silently empty. */
function GatedTable() {
  const can = useCan();
  return (
    <TableShell caption="Tarefas" columns={columns} status={can('Task.ListView') ? 'ready' : 'denied'}>
      <Rows />
    </TableShell>
  );
}

const meta = {
  title: 'ui/TableShell',
  component: TableShell,
  args: {
    caption: 'Tarefas',
    columns,
    toolbar: (
      <>
        <Input label="Pesquisar" placeholder="Nome da tarefa" />
        <Button variant="primary">Importar</Button>
      </>
    ),
    children: <Rows />,
  },
} satisfies Meta<typeof TableShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Tarefas' });
    await expect(within(table).getAllByRole('row')).toHaveLength(rows.length + 1);
    await expect(within(table).getByText('Para rever')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('A carregar…');
  },
};

export const Empty: Story = { args: { status: 'empty' } };

export const ErrorState: Story = { args: { status: 'error', onRetry: () => {} } };

export const PermissionDenied: Story = {
  globals: { permissions: 'none' },
  render: () => <GatedTable />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Não tem acesso')).toBeVisible();
  },
};

export const EmptyInEnglish: Story = {
  globals: { locale: 'en' },
  args: { status: 'empty', caption: 'Tasks' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nothing here yet')).toBeVisible();
  },
};

export const DarkSkin: Story = { globals: { skin: 'dark' } };
