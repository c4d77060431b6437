// The product's own catalogue of task types: what a workspace can be created as, how it is shown
// (name, description, icon, colour), which files it takes, which fields its recognizer knows and
// which recognizer reads it. Static on purpose: it is the product's list, not tenant data.
import type { FieldDefinition } from './types.js';

export const TASK_TYPES = [
  'Invoice',
  'Receipt',
  'LegalDocument',
  'Transcript',
  'Labelling',
  'Custom',
  'Subtitles',
  'DocumentAnonymization',
  'ImageAnonymization',
  'IdDocument',
  'Layout',
  'CustomTrainTemplate',
  'CustomTrainNeural',
  'Translation',
  'TranscriptSummarization',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const WORKSPACE_TYPE = { Standard: 10, LabelingAndTraining: 20 } as const;
export const TEMPLATE_TYPE = { BuiltIn: 10, Template: 20, TrainTemplate: 30, Neural: 40, TrainNeural: 50 } as const;

/** Recognizers the pipeline has (src/pipeline): pdf.js text layer, tesseract OCR, offline speech. */
export type RecognizerName = 'pdfminer' | 'tesseract' | 'pocketsphinx';

export type TemplateGroup = 'documents' | 'anonymization' | 'media' | 'training';

export interface TaskTypeTemplate {
  taskType: TaskType;
  displayName: string;
  description: string;
  group: TemplateGroup;
  iconSource: string;
  color: string;
  workspaceType: 10 | 20;
  templateType: number;
  /** Audio and video rather than documents. */
  media: boolean;
  supportedFileTypes: string[];
  recognizer: RecognizerName;
  /** Built-in fields of the recognizer (keys as src/pipeline/documents produces them). */
  baseFields: FieldDefinition[];
  /** Whether the type reviews fields at all (transcripts and translations have none). */
  hasFields: boolean;
}

const PDF_AND_IMAGES = ['.pdf', '.png', '.jpg', '.jpeg', '.tif', '.tiff'];
const IMAGES = ['.png', '.jpg', '.jpeg', '.tif', '.tiff', '.bmp'];
const MEDIA = ['.mp3', '.wav', '.m4a', '.ogg', '.flac', '.mp4', '.mov', '.webm', '.mkv'];

const f = (categoryKey: string, displayName: string, type: number): FieldDefinition => ({
  categoryKey,
  displayName,
  fillColor: '#0011ff1a',
  strokeColor: '#0011ff',
  fieldConfig: { type, isRequired: false },
});

// Field type codes (FieldTypeCode): string 50, alphanumeric 51, no whitespace 52, number 100,
// currency 101, date 150, date d/m/y 151.
const INVOICE_FIELDS = [
  f('InvoiceId', 'Invoice number', 51),
  f('InvoiceDate', 'Invoice date', 151),
  f('DueDate', 'Due date', 151),
  f('VendorName', 'Vendor', 50),
  f('CustomerName', 'Customer', 50),
  f('SubTotal', 'Subtotal', 101),
  f('TotalTax', 'Total tax', 101),
  f('InvoiceTotal', 'Total', 101),
  f('Currency', 'Currency', 52),
];
const RECEIPT_FIELDS = [
  f('ReceiptId', 'Receipt number', 51),
  f('TransactionDate', 'Date', 151),
  f('MerchantName', 'Merchant', 50),
  f('CustomerName', 'Customer', 50),
  f('Subtotal', 'Subtotal', 101),
  f('TotalTax', 'Total tax', 101),
  f('Total', 'Total', 101),
  f('Currency', 'Currency', 52),
];
const PII_FIELDS = [
  f('PersonName', 'Person', 50),
  f('Email', 'E-mail', 52),
  f('PhoneNumber', 'Phone', 51),
  f('Iban', 'IBAN', 52),
  f('TaxId', 'Tax id', 51),
  f('DateOfBirth', 'Date of birth', 151),
];

function template(
  taskType: TaskType,
  displayName: string,
  description: string,
  group: TemplateGroup,
  iconSource: string,
  color: string,
  options: Partial<
    Omit<TaskTypeTemplate, 'taskType' | 'displayName' | 'description' | 'group' | 'iconSource' | 'color'>
  >,
): TaskTypeTemplate {
  const media = options.media ?? false;
  return {
    taskType,
    displayName,
    description,
    group,
    iconSource,
    color,
    workspaceType: options.workspaceType ?? WORKSPACE_TYPE.Standard,
    templateType: options.templateType ?? TEMPLATE_TYPE.BuiltIn,
    media,
    supportedFileTypes: options.supportedFileTypes ?? (media ? MEDIA : PDF_AND_IMAGES),
    recognizer: options.recognizer ?? (media ? 'pocketsphinx' : 'pdfminer'),
    baseFields: options.baseFields ?? [],
    hasFields: options.hasFields ?? !media,
  };
}

export const TEMPLATES: readonly TaskTypeTemplate[] = [
  template(
    'Invoice',
    'Invoices',
    'Reads supplier invoices: number, dates, vendor, totals and tax.',
    'documents',
    'receipt-text',
    '#0011ff',
    {
      baseFields: INVOICE_FIELDS,
    },
  ),
  template(
    'Receipt',
    'Receipts',
    'Reads expense receipts, including photos and scans.',
    'documents',
    'receipt',
    '#0f9d58',
    {
      baseFields: RECEIPT_FIELDS,
      recognizer: 'tesseract',
    },
  ),
  template(
    'LegalDocument',
    'Legal documents',
    'Contracts and other legal documents with their parties and dates.',
    'documents',
    'scale',
    '#6a1b9a',
    {},
  ),
  template(
    'Transcript',
    'Transcripts',
    'Turns audio and video into an editable transcript with speakers.',
    'media',
    'microphone',
    '#e65100',
    {
      media: true,
    },
  ),
  template('Labelling', 'Labelling', 'Label documents to train a custom model.', 'training', 'tag', '#00838f', {
    workspaceType: WORKSPACE_TYPE.LabelingAndTraining,
    templateType: TEMPLATE_TYPE.Template,
  }),
  template('Custom', 'Custom fields', 'Documents with the fields you define.', 'documents', 'form', '#3949ab', {}),
  template(
    'Subtitles',
    'Subtitles',
    'Subtitles for videos, timed and editable.',
    'media',
    'closed-captions',
    '#c62828',
    {
      media: true,
    },
  ),
  template(
    'DocumentAnonymization',
    'Document anonymisation',
    'Finds and hides personal data in documents.',
    'anonymization',
    'eye-off',
    '#37474f',
    {
      baseFields: PII_FIELDS,
    },
  ),
  template(
    'ImageAnonymization',
    'Image anonymisation',
    'Finds and hides personal data in images.',
    'anonymization',
    'image-off',
    '#455a64',
    {
      baseFields: PII_FIELDS,
      supportedFileTypes: IMAGES,
      recognizer: 'tesseract',
    },
  ),
  template('IdDocument', 'Identity documents', 'Identity cards and passports.', 'documents', 'id-card', '#ad1457', {
    recognizer: 'tesseract',
    supportedFileTypes: [...PDF_AND_IMAGES, '.bmp'],
  }),
  template('Layout', 'Layout', 'Text, tables and structure of any document.', 'documents', 'layout', '#5d4037', {}),
  template(
    'CustomTrainTemplate',
    'Trained template',
    'A model trained on your labelled documents (template).',
    'training',
    'model',
    '#00695c',
    {
      workspaceType: WORKSPACE_TYPE.LabelingAndTraining,
      templateType: TEMPLATE_TYPE.TrainTemplate,
    },
  ),
  template(
    'CustomTrainNeural',
    'Trained neural model',
    'A neural model trained on your labelled documents.',
    'training',
    'brain',
    '#004d40',
    {
      workspaceType: WORKSPACE_TYPE.LabelingAndTraining,
      templateType: TEMPLATE_TYPE.TrainNeural,
    },
  ),
  template(
    'Translation',
    'Translation',
    'Translates documents into another language.',
    'documents',
    'languages',
    '#1565c0',
    {
      supportedFileTypes: ['.pdf', '.docx', '.txt'],
      hasFields: false,
    },
  ),
  template(
    'TranscriptSummarization',
    'Transcript summaries',
    'Transcribes recordings and summarises them.',
    'media',
    'notes',
    '#ef6c00',
    {
      media: true,
    },
  ),
];

export function templateOf(taskType: string): TaskTypeTemplate {
  return (
    TEMPLATES.find((t) => t.taskType === taskType) ??
    (TEMPLATES.find((t) => t.taskType === 'Custom') as TaskTypeTemplate)
  );
}

export function isTaskType(value: string): value is TaskType {
  return (TASK_TYPES as readonly string[]).includes(value);
}

/** A TemplateCatalogueEntry of the contract. Keys: partition = group, row = task type. */
export function toCatalogueEntry(t: TaskTypeTemplate) {
  return {
    taskType: t.taskType,
    displayName: t.displayName,
    description: t.description,
    groupType: t.group,
    iconSource: t.iconSource,
    color: t.color,
    partitionKey: t.group,
    rowKey: t.taskType,
  };
}

export function catalogue(workspaceType: number) {
  return TEMPLATES.filter((t) => t.workspaceType === workspaceType).map(toCatalogueEntry);
}
