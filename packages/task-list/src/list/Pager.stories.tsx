import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StoryProvider } from '../test/StoryProvider';
import '../styles/index.css';
import { Pager } from './Pager';

/** Previous / next, the page and the total, the page size: first page, empty, archive (no page count), long numbers. */
const meta = {
  title: 'task-list/Pager',
  component: Pager,
  args: {
    pageNumber: 1,
    totalPages: 3,
    totalCount: 57,
    hasPrevious: false,
    hasNext: true,
    pageSize: 25,
    onPrevious: fn(),
    onNext: fn(),
    onPageSize: fn(),
  },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <Pager {...args} />
    </StoryProvider>
  ),
} satisfies Meta<typeof Pager>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('task-list.total').textContent).toBe('57 tarefas');
    await expect(canvas.getByTestId('task-list.page').textContent).toBe('Página 1 de 3');
    await expect(canvas.getByTestId('task-list.previous')).toBeDisabled();
    // From the keyboard: the next button is reached with Tab and pressed with Enter.
    canvas.getByLabelText('Linhas por página').focus();
    await userEvent.tab();
    await expect(canvas.getByTestId('task-list.next')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onNext).toHaveBeenCalledTimes(1);
    await expect(args.onPrevious).not.toHaveBeenCalled();
  },
};

export const MiddlePage: Story = {
  args: { pageNumber: 2, hasPrevious: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByTestId('task-list.previous'));
    await expect(args.onPrevious).toHaveBeenCalledTimes(1);
    await userEvent.selectOptions(canvas.getByLabelText('Linhas por página'), '50');
    await expect(args.onPageSize).toHaveBeenCalledWith(50);
  },
};

/** Nothing listed: no way forward or back. */
export const Empty: Story = {
  args: { totalPages: 0, totalCount: 0, hasNext: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('task-list.total').textContent).toBe('0 tarefas');
    await expect(canvas.getByTestId('task-list.page').textContent).toBe('Página 1');
    await expect(canvas.getByTestId('task-list.previous')).toBeDisabled();
    await expect(canvas.getByTestId('task-list.next')).toBeDisabled();
    await userEvent.click(canvas.getByTestId('task-list.next'));
    await expect(args.onNext).not.toHaveBeenCalled();
  },
};

/** The archive pages by continuation token: it knows neither the page count nor the total. */
export const Archive: Story = {
  args: { pageNumber: 3, totalPages: null, totalCount: null, hasPrevious: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('task-list.total').textContent).toBe('');
    await expect(canvas.getByTestId('task-list.page').textContent).toBe('Página 3');
  },
};

/** A very large workspace: the total is grouped the way the language writes numbers. */
export const LongNumbers: Story = {
  args: { pageNumber: 49_383, totalPages: 49_383, totalCount: 1_234_567, hasPrevious: true, hasNext: false },
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('task-list.total').textContent).toBe('1.234.567 Aufgaben');
    await expect(canvas.getByTestId('task-list.page').textContent).toBe('Seite 49383 von 49383');
    await expect(canvas.getByTestId('task-list.next')).toBeDisabled();
  },
};

export const OneTask: Story = {
  args: { totalPages: 1, totalCount: 1, hasNext: false },
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('task-list.total').textContent).toBe('1 task');
    await expect(canvas.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
  },
};

export const DarkSkin: Story = {
  args: { pageNumber: 2, hasPrevious: true },
  globals: { skin: 'dark', locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('.rd-theme-dark')).not.toBeNull();
    await expect(canvas.getByTestId('task-list.previous')).toBeEnabled();
    await expect(canvas.getByTestId('task-list.page').textContent).toBe('Page 2 sur 3');
  },
};
