// Demo data created on first start (and again only for what is missing): two tenants, a user for
// each role in the first, an administrator in the second, workspaces of several task types and a
// few batches. Ids are derived from names so every database gets the same ones.
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import { SeedRowsRepository } from '../db/repositories/seed-rows.js';
import { hashPassword } from './passwords.js';
import { ROLE_NAMES, ROLES, type RoleName, roleByName } from './roles.js';
import { templateOf } from './workspaces/task-type-catalogue.js';

/** Documented in apps/server/README.md. */
export const DEMO_PASSWORD = 'Reviewdesk-demo-1';
export const DEMO_DOMAIN = 'demo.reviewdesk.test';

/** A stable uuid (version 5 layout) for a demo entity name. */
export function demoId(name: string): string {
  const hex = createHash('sha1').update(`reviewdesk-demo:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

export const DEMO_TENANTS = [
  { code: 'acme', name: 'Acme Documents' },
  { code: 'globex', name: 'Globex Media' },
] as const;

export interface DemoUser {
  email: string;
  name: string;
  tenant: (typeof DEMO_TENANTS)[number]['code'];
  role: RoleName;
  owner?: boolean;
}

export const DEMO_USERS: DemoUser[] = [
  ...ROLE_NAMES.map((role) => ({
    email: `${role.toLowerCase()}@${DEMO_DOMAIN}`,
    name: `${role} Demo`,
    tenant: 'acme' as const,
    role,
    owner: role === 'Administrator',
  })),
  { email: `admin@globex.${DEMO_DOMAIN}`, name: 'Globex Admin', tenant: 'globex', role: 'Administrator', owner: true },
];

const baseConfiguration = {
  allowGroups: false,
  showSummaryTab: false,
  allowEditableCategory: true,
  allowAddingEntities: true,
  allowSelectingTextWithOcr: true,
  showConfidenceInViewer: true,
  externalIdRequired: false,
  allowGlobalSave: true,
  globalAverageConfidenceRateCheck: 0.8,
  fieldsConfidenceRateCheck: 0.7,
  maxFileSizeBytes: 20_971_520,
  checkoutExpireMinutes: 30,
  daysUntilHistoryRemoval: 31,
  maxRestartCount: 3,
  hoursUntilTasksConsideredStuck: 4,
  predefinedTexts: [],
  fileTypesToSkipReview: [],
  recognizerHooks: [],
};

const field = (categoryKey: string, displayName: string, type: number, isRequired = false) => ({
  categoryKey,
  displayName,
  fillColor: '#0011ff1a',
  strokeColor: '#0011ff',
  fieldConfig: { type, isRequired },
});

export const DEMO_WORKSPACES = [
  {
    tenant: 'acme',
    name: 'Supplier invoices',
    description: 'Invoices from suppliers: number, date, vendor, tax id and total, checked before payment.',
    taskType: 'Invoice',
    isDefault: true,
    languages: ['pt', 'en'],
    configuration: {
      ...baseConfiguration,
      recognizerServiceName: 'pdfminer',
      supportedFileTypes: ['.pdf', '.png', '.jpg', '.tiff', '.xml'],
      categories: [
        field('InvoiceId', 'Invoice number', 51, true),
        field('InvoiceDate', 'Invoice date', 151, true),
        field('VendorName', 'Vendor', 50, true),
        field('VendorTaxId', 'Vendor tax id', 51),
        field('InvoiceTotal', 'Total', 101, true),
      ],
      fieldsToDetect: ['InvoiceId', 'InvoiceDate', 'VendorName', 'VendorTaxId', 'InvoiceTotal'],
      requiredFields: ['InvoiceId', 'InvoiceDate', 'VendorName', 'InvoiceTotal'],
    },
  },
  {
    tenant: 'acme',
    name: 'Expense receipts',
    description: 'Receipts handed in with expense claims, photos and scans included: merchant, date and total.',
    taskType: 'Receipt',
    languages: ['pt'],
    configuration: {
      ...baseConfiguration,
      recognizerServiceName: 'tesseract',
      supportedFileTypes: ['.jpg', '.jpeg', '.png', '.pdf'],
      categories: [
        field('MerchantName', 'Merchant', 50),
        field('TransactionDate', 'Date', 151),
        field('Total', 'Total', 101, true),
      ],
      fieldsToDetect: ['MerchantName', 'TransactionDate', 'Total'],
      requiredFields: ['Total'],
    },
  },
  {
    tenant: 'acme',
    name: 'Meeting recordings',
    description: 'Recordings of team meetings, transcribed for minutes and follow-up.',
    taskType: 'Transcript',
    languages: ['en'],
    configuration: {
      ...baseConfiguration,
      recognizerServiceName: 'pocketsphinx',
      supportedFileTypes: ['.wav', '.mp3', '.mp4'],
      maxFileSizeBytes: 524_288_000,
      transcriptLanguage: 'en-US',
      // What reviewers of recordings insert often (the transcript editor's predefined texts).
      predefinedTexts: [
        { id: demoId('predefined-text:inaudible'), text: '[inaudible]' },
        { id: demoId('predefined-text:crosstalk'), text: '[crosstalk]' },
        { id: demoId('predefined-text:laughter'), text: '[laughter]' },
        { id: demoId('predefined-text:applause'), text: '[applause]' },
      ],
      categories: [],
      fieldsToDetect: [],
      requiredFields: [],
    },
  },
  {
    tenant: 'acme',
    name: 'Contracts (custom)',
    description: "Signed contracts: the other party, the signing date and the contract's value.",
    taskType: 'Custom',
    languages: ['pt', 'en'],
    configuration: {
      ...baseConfiguration,
      recognizerServiceName: 'pdfminer',
      supportedFileTypes: ['.pdf'],
      categories: [
        field('ContractParty', 'Party', 50, true),
        field('SignedOn', 'Signed on', 151),
        field('Value', 'Value', 101),
      ],
      fieldsToDetect: ['ContractParty', 'SignedOn', 'Value'],
      requiredFields: ['ContractParty'],
    },
  },
  {
    // A template to teach: delivery notes of one layout waiting to be labelled (demo-tasks.ts).
    tenant: 'acme',
    name: 'Delivery notes (training)',
    description: "Delivery notes of one supplier's layout, labelled here to teach a model where each value is printed.",
    taskType: 'CustomTrainTemplate',
    languages: ['en'],
    configuration: {
      ...baseConfiguration,
      recognizerServiceName: 'pdfminer',
      supportedFileTypes: ['.pdf', '.png', '.jpg', '.tiff'],
      categories: [],
      fieldsToDetect: [],
      requiredFields: [],
    },
  },
  {
    // Where new delivery notes are read by the model trained above, once it is chosen here.
    tenant: 'acme',
    name: 'Delivery notes',
    description:
      'Incoming delivery notes, read by the model trained on the labelled ones once it is chosen in the fields settings.',
    taskType: 'Custom',
    languages: ['en'],
    configuration: {
      ...baseConfiguration,
      recognizerServiceName: 'pdfminer',
      supportedFileTypes: ['.pdf', '.png', '.jpg', '.tiff'],
      categories: [],
      fieldsToDetect: [],
      requiredFields: [],
    },
  },
  {
    tenant: 'acme',
    name: 'Anonymise letters',
    description: 'Letters whose names, e-mail addresses and phone numbers are blacked out before they are shared.',
    taskType: 'DocumentAnonymization',
    languages: ['pt'],
    configuration: {
      ...baseConfiguration,
      recognizerServiceName: 'pdfminer',
      supportedFileTypes: ['.pdf'],
      anonymizationFillColor: '#000000',
      categories: [field('PersonName', 'Person', 50), field('Email', 'E-mail', 52), field('PhoneNumber', 'Phone', 51)],
      fieldsToDetect: ['PersonName', 'Email', 'PhoneNumber'],
      requiredFields: [],
    },
  },
  {
    tenant: 'acme',
    name: 'Translations (English to Spanish)',
    description: 'English documents translated into Spanish and checked by a reviewer.',
    taskType: 'Translation',
    languages: ['en', 'es'],
    configuration: {
      ...baseConfiguration,
      recognizerServiceName: 'pdfminer',
      supportedFileTypes: ['.pdf'],
      languages: { inputLanguageCode: 'en-US', outputLanguageCode: 'es-ES' },
      categories: [],
      fieldsToDetect: [],
      requiredFields: [],
    },
  },
  {
    tenant: 'globex',
    name: 'Interviews',
    description: 'Recorded interviews, transcribed for the editorial team.',
    taskType: 'Transcript',
    isDefault: true,
    languages: ['en'],
    configuration: {
      ...baseConfiguration,
      recognizerServiceName: 'pocketsphinx',
      supportedFileTypes: ['.wav', '.mp3'],
      categories: [],
      fieldsToDetect: [],
      requiredFields: [],
    },
  },
  {
    tenant: 'globex',
    name: 'Globex invoices',
    description: "Globex's supplier invoices: number and total.",
    taskType: 'Invoice',
    languages: ['en'],
    configuration: {
      ...baseConfiguration,
      recognizerServiceName: 'pdfminer',
      supportedFileTypes: ['.pdf'],
      categories: [field('InvoiceId', 'Invoice number', 51, true), field('InvoiceTotal', 'Total', 101, true)],
      fieldsToDetect: ['InvoiceId', 'InvoiceTotal'],
      requiredFields: ['InvoiceId', 'InvoiceTotal'],
    },
  },
] as const;

export const DEMO_BATCHES = [
  { workspace: 'Supplier invoices', name: 'March 2026 invoices', isOpen: true },
  { workspace: 'Supplier invoices', name: 'February 2026 invoices', isOpen: false },
  { workspace: 'Meeting recordings', name: 'Board meetings', isOpen: true },
  { workspace: 'Interviews', name: 'Candidate interviews', isOpen: true },
] as const;

const ACTIVE = 10;

let demoPasswordHash: Promise<string> | undefined;

/** Roles first (every database needs them), then the demo content, skipping what exists. */
export async function ensureRoles(db: Db): Promise<void> {
  const seed = new SeedRowsRepository(db);
  for (const role of ROLES) {
    await seed.role({
      id: role.id,
      name: role.name,
      order: role.order,
      tenant_selectable: role.tenantSelectable,
      hidden: role.hidden,
    });
  }
}

export async function seedDemoData(db: Db): Promise<void> {
  const seed = new SeedRowsRepository(db);
  await ensureRoles(db);
  // One hash for all demo accounts (they share the documented password), computed only when an
  // account is missing: hashing is the slow part of a restart.
  const existing = await seed.existingUserIds(DEMO_USERS.map((u) => demoId(`user:${u.email}`)));
  if (existing.length < DEMO_USERS.length) demoPasswordHash ??= hashPassword(DEMO_PASSWORD);
  const passwordHash = existing.length < DEMO_USERS.length ? await (demoPasswordHash as Promise<string>) : '';
  for (const tenant of DEMO_TENANTS) {
    await seed.tenant({ id: demoId(`tenant:${tenant.code}`), code: tenant.code, name: tenant.name });
  }
  for (const user of DEMO_USERS) {
    const userId = demoId(`user:${user.email}`);
    await seed.user({
      id: userId,
      email: user.email,
      name: user.name,
      user_name: user.email,
      contact: null,
      password_hash: passwordHash,
      email_confirmed: true,
      current_tenant_id: null,
      profile_picture: null,
      locked_until: null,
    });
    await seed.membership({
      tenant_id: demoId(`tenant:${user.tenant}`),
      user_id: userId,
      role_id: roleByName(user.role).id,
      status: ACTIVE,
      impersonate_role_id: null,
      is_default: true,
      is_owner: user.owner === true,
    });
  }
  for (const ws of DEMO_WORKSPACES) {
    const id = demoId(`workspace:${ws.name}`);
    await seed.workspace({
      id,
      tenant_id: demoId(`tenant:${ws.tenant}`),
      display_name: ws.name,
      description: ws.description,
      is_default: 'isDefault' in ws && ws.isDefault === true,
      task_type: ws.taskType,
      // Standard and built-in, except the training kinds (labelling-and-training, trained template).
      workspace_type: templateOf(ws.taskType).workspaceType,
      template_type: templateOf(ws.taskType).templateType,
      languages: JSON.stringify(ws.languages),
      configuration: JSON.stringify({ name: ws.name, id, ...ws.configuration }),
    });
  }
  for (const batch of DEMO_BATCHES) {
    const workspace = DEMO_WORKSPACES.find((w) => w.name === batch.workspace);
    if (!workspace) continue;
    await seed.batch({
      id: demoId(`batch:${batch.name}`),
      tenant_id: demoId(`tenant:${workspace.tenant}`),
      workspace_id: demoId(`workspace:${workspace.name}`),
      display_name: batch.name,
      description: null,
      is_open: batch.isOpen,
      status: batch.isOpen ? 10 : 20,
      batch_type: 10,
    });
  }
}
