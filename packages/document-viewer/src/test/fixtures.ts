/**
 * A processed invoice (fixtures/invoices/AzureInterior.pdf) as the server would answer it: the
 * workspace configuration, the detected entities with real positions, and the OCR layer. Shared by
 * unit tests and stories; never part of the published bundle.
 */
import { boundingBox } from '../session/document-edits.js';
import type {
  DocumentResult,
  Entity,
  OcrPageResult,
  ViewerInitResult,
  WorkspaceConfiguration,
} from '../session/types.js';
import { AZURE_WORDS } from './azure-words.js';

export const TASK_ID = '7d0c2a5e-3f1b-4c47-9a0e-5b6f1d2c3a41';
export const WORKSPACE_ID = '2b9e8f10-4a3c-4d5e-8f71-0c1d2e3f4a5b';
export const TENANT_ID = '9f8e7d6c-5b4a-4321-8765-43210fedcba9';
export const OTHER_TASK_ID = 'c4d5e6f7-0812-4a3b-9c4d-5e6f70819203';

const field = (
  categoryKey: string,
  displayName: string,
  extra: Partial<WorkspaceConfiguration['categories'][number]> = {},
): WorkspaceConfiguration['categories'][number] => ({
  categoryKey,
  displayName,
  fieldConfig: { type: 50, isRequired: false },
  ...extra,
});

export const invoiceConfig = (overrides: Partial<WorkspaceConfiguration> = {}): WorkspaceConfiguration => ({
  id: WORKSPACE_ID,
  name: 'Invoices',
  tenantId: TENANT_ID,
  taskType: 'Invoice',
  categories: [
    field('VendorName', 'Vendor', { fillColor: '#7c3aed33', strokeColor: '#7c3aed' }),
    field('InvoiceId', 'Invoice number', {
      fieldConfig: { type: 51, isRequired: true, pattern: 'INV/\\d{4}/\\d{2}/\\d{4}' },
    }),
    field('InvoiceDate', 'Invoice date', { fieldConfig: { type: 152, isRequired: false } }),
    field('DueDate', 'Due date', { fieldConfig: { type: 152, isRequired: false } }),
    field('CustomerReference', 'Reference'),
    field('PurchaseOrder', 'Purchase order', { fieldConfig: { type: 50, isRequired: true } }),
    field('TotalTax', 'Tax', { fieldConfig: { type: 101, isRequired: false } }),
    field('InvoiceTotal', 'Total', {
      fillColor: '#05966933',
      strokeColor: '#059669',
      fieldConfig: { type: 101, isRequired: true, pattern: '\\d+\\.\\d{2}' },
    }),
    field('Items', 'Line items', { groupType: 100, fieldConfig: { type: 400, isRequired: false } }),
    field('Description', 'Description', { parentCategoryKey: 'Items' }),
    field('Amount', 'Amount', { parentCategoryKey: 'Items', fieldConfig: { type: 101, isRequired: false } }),
  ],
  fieldsToDetect: [
    'VendorName',
    'InvoiceId',
    'InvoiceDate',
    'DueDate',
    'CustomerReference',
    'PurchaseOrder',
    'TotalTax',
    'InvoiceTotal',
    'Items',
  ],
  fieldOrder: [
    'InvoiceId',
    'VendorName',
    'InvoiceDate',
    'DueDate',
    'CustomerReference',
    'PurchaseOrder',
    'TotalTax',
    'InvoiceTotal',
    'Items',
  ],
  requiredFields: ['InvoiceId', 'InvoiceTotal'],
  allowGroups: true,
  allowAddingEntities: true,
  allowSelectingTextWithOcr: true,
  showConfidenceInViewer: true,
  showModalFinishReview: true,
  fieldsConfidenceRateCheck: 0.8,
  fieldsConfidenceRateEntry: 0.5,
  predefinedTexts: [
    { id: '0e5a1c4b-8d2f-4f6a-9b3c-1d2e3f4a5b6c', text: 'Not applicable' },
    { id: '1f6b2d5c-9e3a-4a7b-8c4d-2e3f4a5b6c7d', text: 'See attachment' },
  ],
  supportedFileTypes: ['pdf', 'png', 'jpg'],
  maxFileSizeBytes: 20_971_520,
  checkoutExpireMinutes: 15,
  daysUntilHistoryRemoval: 31,
  maxRestartCount: 3,
  hoursUntilTasksConsideredStuck: 4,
  ...overrides,
});

const entity = (
  id: string,
  category: string,
  content: string,
  box: [number, number, number, number],
  confidence: number,
): Entity => ({
  temporaryId: `0.1.${id}`,
  category,
  pageNumber: 1,
  chunkNumber: 0,
  confidence,
  keyValues: [
    {
      pageNumber: 1,
      category,
      content,
      childTemporaryId: `0.1.${id}|0.1.${id}v`,
      boundingBox: boundingBox(...box),
      confidence,
    },
  ],
});

/** Page 1 of the invoice as recognised: some values confident, two below the thresholds, one unknown field. */
export const invoicePage = (version = 1): DocumentResult => ({
  version,
  averageConfidence: 0.84,
  asset: { id: 'asset-1', path: 'tasks/azure/page-1.pdf', format: 'pdf', type: 'page' },
  entities: [
    entity('a1', 'InvoiceId', 'INV/2023/03/0008', [98.8, 206.2, 177.3, 23], 0.97),
    entity('a2', 'VendorName', 'Azure Interior', [29.6, 45.9, 63.4, 11.5], 0.93),
    entity('a3', 'InvoiceDate', '03/20/2023', [29.6, 262.4, 55.1, 11.5], 0.91),
    entity('a4', 'DueDate', '04/04/2023', [214.7, 262.4, 55.1, 11.5], 0.42),
    entity('a5', 'CustomerReference', 'CUSTREF123', [399.7, 262.4, 62, 11.5], 0.88),
    entity('a6', 'TotalTax', '16.94', [537, 559.5, 25.9, 11.5], 0.86),
    entity('a7', 'InvoiceTotal', '279.B4', [531, 580.6, 31.8, 11.5], 0.63),
    entity('a8', 'IncotermCode', 'DPU', [76.4, 701, 21.4, 11.5], 0.7),
    {
      temporaryId: '0.1.t1',
      category: 'Items',
      pageNumber: 1,
      confidence: 0.9,
      keyValues: [],
      table: {
        rowCount: 2,
        columnCount: 2,
        tableHeaders: [
          { uniqueId: 'Description', fieldType: 50 },
          { uniqueId: 'Amount', fieldType: 101 },
        ],
        tableRows: {
          '0': [
            { rowIndex: 0, columnIndex: 0, content: 'Beeswax XL', headerId: 'Description', pageNumber: 1 },
            { rowIndex: 0, columnIndex: 1, content: '42.00', headerId: 'Amount', pageNumber: 1 },
          ],
          '1': [
            { rowIndex: 1, columnIndex: 0, content: 'Office Chair', headerId: 'Description', pageNumber: 1 },
            { rowIndex: 1, columnIndex: 1, content: '70.00', headerId: 'Amount', pageNumber: 1 },
          ],
        },
        boundsAndPoints: { pageNumber: 1, boundingBox: boundingBox(32, 340, 531, 52) },
      },
    },
  ],
  tables: [],
});

export const invoiceOcr = (): OcrPageResult => ({
  pageSize: { width: 595, height: 842, unit: 'point' },
  pageOrientation: 0,
  ocrEngine: 'pdfminer',
  entities: AZURE_WORDS.map(([text, left, top, width, height]) => ({
    text,
    boundingBox: boundingBox(left, top, width, height),
    confidence: 0.99,
    chars: [],
  })),
});

export const viewerInit = (overrides: Partial<ViewerInitResult> = {}): ViewerInitResult => ({
  taskId: TASK_ID,
  displayName: 'AzureInterior.pdf',
  sequentialByWorkspaceId: 42,
  totalPages: 1,
  workspaceConfig: invoiceConfig(),
  batchId: null,
  batchName: null,
  avgConfidence: 0.84,
  smallestConfidence: 0.42,
  status: 60,
  fromHistory: false,
  isCheckedOut: false,
  isCheckedOutByCurrentUser: false,
  checkout: null,
  canReview: true,
  isAssignedToCurrentUser: null,
  ...overrides,
});
