/**
 * DocAI's calls mocked for the viewer's stories: a question about the total of
 * fixtures/invoices/AzureInterior.pdf cites its "Total $ 279.84" line with the line's box (from
 * the page's OCR words, in points); any other question finds no passage.
 */
import { createMockDocAiApi, type MockDocAiOptions } from '../../../../.storybook/msw/docai';

export const TOTAL_LINE = 'Total $ 279.84';
export const TOTAL_BOX = {
  x: 310.1,
  y: 580.4,
  width: 252.7,
  height: 11.7,
  left: 310.1,
  top: 580.4,
  right: 562.8,
  bottom: 592.1,
};

export const mockInvoiceDocAi = (options: Partial<MockDocAiOptions> = {}) =>
  createMockDocAiApi({
    about: /total/i,
    cited: {
      displayName: 'AzureInterior.pdf',
      text: TOTAL_LINE,
      pageNumber: 1,
      startTimeSeconds: null,
      boundingBox: TOTAL_BOX,
    },
    written: 'The total of the invoice is $279.84 [1].',
    ...options,
  });
