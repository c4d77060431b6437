// The picture of one page: a one-page PDF through react-pdf, or an image. Drawn at the frame size
// (unrotated; the frame is turned by CSS), so its size never depends on pdf.js having laid out.
import { memo } from 'react';
import { Document, Page } from 'react-pdf';
import type { PdfDocumentOptions } from './pdfjs-setup';
import { usePdfFile } from './pdfjs-setup';
import type { PageFile, PageInfo, PagesMessages } from './types';
import { useImageUrl } from './useObjectUrl';

export interface PageContentProps {
  page: PageInfo;
  /** Frame width in CSS pixels (page width × scale). */
  width: number;
  height: number;
  options: PdfDocumentOptions | null;
  /** False while the page waits its turn (overscan pages wait for the visible ones). */
  enabled: boolean;
  messages: PagesMessages;
  onPainted?: (pageNumber: number) => void;
}

function Status({ text, error }: { text: string; error?: boolean }) {
  return (
    <div
      className={error ? 'rd-page-status rd-page-status-error' : 'rd-page-status'}
      role={error ? 'alert' : undefined}
    >
      {text}
    </div>
  );
}

function PdfContent({
  file: source,
  width,
  options,
  messages,
  onPainted,
  page,
}: PageContentProps & { file: PageFile; options: PdfDocumentOptions }) {
  const file = usePdfFile(source.url, source.httpHeaders);
  return (
    <Document
      file={file}
      options={options}
      suspense={false}
      loading={<Status text={messages.loading} />}
      error={<Status text={messages.loadError} error />}
      className="rd-page-pdf"
    >
      <Page
        pageNumber={1}
        width={width}
        renderTextLayer={false}
        renderAnnotationLayer={false}
        loading={<Status text={messages.loading} />}
        error={<Status text={messages.loadError} error />}
        onRenderSuccess={() => onPainted?.(page.pageNumber)}
        canvasBackground="#ffffff"
      />
    </Document>
  );
}

function ImageContent({
  file,
  page,
  width,
  height,
  messages,
  enabled,
  onPainted,
}: PageContentProps & { file: PageFile }) {
  const image = useImageUrl(file, enabled);
  if (image.status === 'loading') return <Status text={messages.loading} />;
  if (image.status === 'error') return <Status text={messages.loadError} error />;
  return (
    <img
      className="rd-page-image"
      src={image.url}
      width={width}
      height={height}
      alt=""
      draggable={false}
      onLoad={() => onPainted?.(page.pageNumber)}
      onError={() => onPainted?.(page.pageNumber)}
    />
  );
}

export const PageContent = memo(function PageContent(props: PageContentProps) {
  const file = props.page.file;
  if (!props.enabled || !file) return <Status text={props.messages.loading} />;
  if (file.kind === 'image') return <ImageContent {...props} file={file} />;
  if (!props.options) return <Status text={props.messages.loading} />;
  return <PdfContent {...props} file={file} options={props.options} />;
});
