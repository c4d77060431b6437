import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { LiveRegion, useLiveMessage } from './LiveRegion';

/** A save button whose outcome is said each time, "Alterações guardadas" twice in a row too. */
function SaveDemo({ visible = false }: { visible?: boolean }) {
  const [said, say] = useLiveMessage<string>();
  return (
    <>
      <Button onClick={() => say('Todas as alterações guardadas')}>Guardar</Button>
      <LiveRegion visible={visible} messageKey={said?.serial} data-testid="said">
        {said?.value}
      </LiveRegion>
    </>
  );
}

const meta = {
  title: 'ui/LiveRegion',
  component: LiveRegion,
  render: () => <SaveDemo />,
} satisfies Meta<typeof LiveRegion>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing said yet: the region is in the page, empty, so its first message is announced. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const said = within(canvasElement).getByRole('status');
    await expect(said).toHaveAttribute('aria-live', 'polite');
    await expect(said).toBeEmptyDOMElement();
  },
};

/** The same message twice: a new node each time, so a screen reader says it twice. */
export const SaidAgain: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const said = canvas.getByRole('status');
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }));
    await expect(said).toHaveTextContent('Todas as alterações guardadas');
    const first = said.firstElementChild;
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }));
    await expect(said).toHaveTextContent('Todas as alterações guardadas');
    await expect(said.firstElementChild).not.toBe(first);
  },
};

/** Shown on screen too (a search's count next to its box). */
export const Visible: Story = {
  render: () => <SaveDemo visible />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }));
    await expect(canvas.getByText('Todas as alterações guardadas')).toBeVisible();
  },
};
