import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/pages.css';
import { PageThumbnails } from './PageThumbnails';
import { imagePage, invoicePages, manyPages, pdfPage } from './story-fixtures';
import type { PageThumbnailsProps } from './types';

function Strip(props: PageThumbnailsProps) {
  const [current, setCurrent] = useState(props.currentPage);
  return (
    <div style={{ height: '100vh', width: 160 }}>
      <PageThumbnails
        {...props}
        currentPage={current}
        onSelectPage={(n) => {
          setCurrent(n);
          props.onSelectPage(n);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'document-viewer/pages/PageThumbnails',
  component: PageThumbnails,
  render: (args) => <Strip {...args} />,
  args: {
    pages: [...invoicePages, { ...imagePage, pageNumber: 4 }, pdfPage(5, 'azure-p1.pdf', 595, 842, 90)],
    currentPage: 1,
    onSelectPage: fn(),
  },
} satisfies Meta<typeof PageThumbnails>;

export default meta;
type Story = StoryObj<typeof meta>;

/** PDF, image and rotated pages; a click or the arrow keys change the current page. */
export const MixedPages: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelectorAll('.react-pdf__Page__canvas').length).toBeGreaterThan(0), {
      timeout: 10000,
    });
    const first = canvas.getByRole('button', { name: 'Page 1' });
    await expect(first).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Page 3' }));
    await expect(args.onSelectPage).toHaveBeenLastCalledWith(3);
    await userEvent.keyboard('{ArrowDown}');
    await expect(args.onSelectPage).toHaveBeenLastCalledWith(4);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Page 4' })).toHaveFocus());
  },
};

/** 2,000 thumbnails: only the ones in view are mounted; End jumps to the last page. */
export const TwoThousandPages: Story = {
  args: { pages: manyPages(2000) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelectorAll('.rd-thumbnail').length).toBeLessThanOrEqual(12);
    canvas.getByRole('button', { name: 'Page 1' }).focus();
    await userEvent.keyboard('{End}');
    await expect(args.onSelectPage).toHaveBeenLastCalledWith(2000);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Page 2000' })).toHaveFocus());
    await expect(canvasElement.querySelectorAll('.rd-thumbnail').length).toBeLessThanOrEqual(14);
  },
};
