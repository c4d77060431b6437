// Structural checks of openapi/reviewdesk.yaml that a linter cannot know: every call of the
// specification is there, the conventions of openapi/CONVENTIONS.md hold, and no schema is a
// placeholder. @redocly/cli lints the rest (root script `contract:lint`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '..', '..');
const contract = parse(readFileSync(join(root, 'openapi', 'reviewdesk.yaml'), 'utf8'));
// biome-ignore lint/suspicious/noExplicitAny: the parsed YAML document is untyped by nature.
type Yaml = any;

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type Operation = {
  operationId?: string;
  tags?: string[];
  parameters?: Array<{ $ref?: string; name?: string; in?: string; required?: boolean; 'x-optional-reason'?: string }>;
  responses?: Record<string, unknown>;
  security?: unknown[];
};

const operations: Array<{ method: string; path: string; op: Operation }> = Object.entries(
  contract.paths as Record<string, Record<string, Operation>>,
).flatMap(([path, item]) =>
  methods.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] as Operation })),
);

/** The specification's list of calls (a copy of shared/spec/endpoints.tsv). */
const specCalls = readFileSync(join(root, 'openapi', 'spec-endpoints.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [method = '', path = ''] = line.split('\t');
    return { method: method.toLowerCase(), path };
  });

function contractPath(specPath: string): string {
  return specPath.startsWith('/api/') ? specPath : `/api/v{version}${specPath}`;
}

function resolve<T>(node: T | { $ref: string }): T {
  if (node && typeof node === 'object' && '$ref' in node) {
    const parts = node.$ref.replace(/^#\//, '').split('/');
    return parts.reduce((at: Yaml, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], contract) as T;
  }
  return node as T;
}

describe('the contract covers the specification', () => {
  it('lists 177 calls in the specification', () => {
    expect(specCalls).toHaveLength(177);
  });

  it('describes every call of the specification', () => {
    const missing = specCalls.filter(({ method, path }) => !contract.paths?.[contractPath(path)]?.[method]);
    const covered = specCalls.length - missing.length;
    console.info(`contract coverage: ${covered}/${specCalls.length} calls of the specification`);
    expect(missing.map(({ method, path }) => `${method.toUpperCase()} ${path}`)).toEqual([]);
  });

  it('describes nothing the specification does not list, except the documented additions', () => {
    const known = new Set(specCalls.map(({ method, path }) => `${method} ${contractPath(path)}`));
    const extra = operations.filter(({ method, path }) => !known.has(`${method} ${path}`));
    const unmarked = extra.filter(({ op }) => !(op as Record<string, unknown>)['x-addition']);
    expect(unmarked.map(({ method, path }) => `${method.toUpperCase()} ${path}`)).toEqual([]);
    // Each addition is named in openapi/CONVENTIONS.md ("Additions"); a new one is a decision, not a slip.
    expect(extra.map(({ op }) => op.operationId).sort()).toEqual(
      [
        'Server_GetCapabilities',
        'Index_CancelVideoTextualSummary',
        'Index_UploadVideoTextualSummary',
        'SdTaskShare_Public',
        'SdTask_BulkExportLink',
        'User_TwoFactor',
        'User_TwoFactorBegin',
        'User_TwoFactorConfirm',
        'User_TwoFactorDisable',
        'Viewer_Translation',
      ].sort(),
    );
  });
});

describe('operations follow the conventions', () => {
  it('have unique Controller_Action operationIds and a tag', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id || !/^[A-Z][A-Za-z0-9]*_[A-Z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter(({ op }) => !op.tags?.length).map(({ path }) => path)).toEqual([]);
  });

  it('declare a success response and their error responses', () => {
    for (const { method, path, op } of operations) {
      const codes = Object.keys(op.responses ?? {});
      expect(
        codes.some((c) => /^2\d\d$/.test(c)),
        `${method} ${path} has no 2xx`,
      ).toBe(true);
      expect(
        codes.some((c) => /^4\d\d$/.test(c)),
        `${method} ${path} has no 4xx`,
      ).toBe(true);
    }
  });

  it('use version 1.0 for HealthCheck and GetUserAuthDetails', () => {
    for (const path of ['/api/v{version}/HealthCheck', '/api/v{version}/User/GetUserAuthDetails']) {
      const params = (contract.paths[path].get.parameters ?? []).map(resolve) as Array<{ name: string; schema: Yaml }>;
      const version = params.find((p) => p.name === 'version');
      expect(version?.schema?.enum ?? [version?.schema?.const]).toEqual(['1.0']);
    }
  });

  it('leave only the health check, the e-mail confirmations and the shared segment page public', () => {
    const open = operations.filter(({ op }) => op.security?.length === 0).map(({ op }) => op.operationId);
    expect(open.sort()).toEqual([
      'HealthCheck_Get',
      'SdTaskShare_Public',
      'User_ConfirmChangeEmail',
      'User_ConfirmEmail',
    ]);
  });

  it('declare the 501 answer of a call a server does not implement yet', () => {
    const without = operations.filter(({ op }) => !op.responses?.['501']).map(({ op }) => op.operationId);
    expect(without).toEqual([]);
  });

  it('require the arguments the specification checks (api-spec §5), or say why not', () => {
    const checked = new Set(
      'id taskId workspaceId batchId stepId serviceName pipelineId pageNumber pageSize search inBatchesOnly orderType removeAssignment isEnabled includeSelf workspaceType templateType hookServiceType currentModelId filter filters sort'
        .toLowerCase()
        .split(' '),
    );
    const loose = operations.flatMap(({ method, path, op }) =>
      (op.parameters ?? [])
        .map((p) => resolve(p))
        .filter((p) => p.in === 'query' && checked.has(String(p.name).toLowerCase()))
        .filter((p) => !p.required && !p['x-optional-reason'])
        .map((p) => `${method.toUpperCase()} ${path} ?${p.name}`),
    );
    expect(loose).toEqual([]);
  });
});

describe('schemas are real', () => {
  const schemas = contract.components?.schemas as Record<string, Yaml>;

  function placeholders(node: Yaml, at: string, out: string[]): string[] {
    if (!node || typeof node !== 'object') return out;
    if (Array.isArray(node)) {
      for (const [i, n] of node.entries()) placeholders(n, `${at}[${i}]`, out);
      return out;
    }
    const isSchemaLike = 'type' in node || 'properties' in node || Object.keys(node).length === 0;
    if (isSchemaLike && Object.keys(node).filter((k) => k !== 'description').length === 0) out.push(at);
    const types = [node.type].flat();
    if (
      types.includes('object') &&
      !node.properties &&
      !node.additionalProperties &&
      !node.allOf &&
      !node.oneOf &&
      !node.anyOf
    ) {
      out.push(at);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'example' || key === 'examples' || key === 'x-enum-varnames') continue;
      placeholders(value, `${at}.${key}`, out);
    }
    return out;
  }

  it('has no {} placeholders or objects without properties', () => {
    expect(placeholders(contract.components, 'components', [])).toEqual([]);
    expect(placeholders(contract.paths, 'paths', [])).toEqual([]);
  });

  it('names every integer enum with x-enum-varnames', () => {
    const unnamed = Object.entries(schemas)
      .filter(([, s]) => s.enum && [s.type].flat().includes('integer'))
      .filter(([, s]) => s['x-enum-varnames']?.length !== s.enum.length)
      .map(([name]) => name);
    expect(unnamed).toEqual([]);
  });

  const enumsOfTheSpec = [
    'TaskStatus',
    'IntegrationStatus',
    'LabellingStatus',
    'BatchType',
    'IndexStatus',
    'TaskListView',
    'SummaryState',
    'SummaryStyle',
    'SummaryLength',
    'SummaryIncludedFrames',
    'UserStatus',
    'NotificationEvent',
    'NotificationChannel',
    'WorkspaceType',
    'TemplateType',
    'ModelTrainingStatus',
    'ServiceKind',
    'ExportType',
    'FieldTypeCode',
    'FormFieldType',
    'ShareType',
    'ShareStatus',
    'InviteCheckStatus',
    'SpeakerSource',
    'SpeakerAction',
    'TranscriptItemType',
    'GroupType',
    'AssignmentOrder',
    'TaskErrorCode',
    'WebTaskCreationErrorCode',
    'StorageErrorCode',
    'LicenseErrorCode',
    'StorageSetupErrorCode',
    'WorkspaceSoftDeleteRefusal',
    'ExternalStorageErrorCode',
  ];

  it.each(enumsOfTheSpec)('defines the %s enumeration as named integers', (name) => {
    const schema = schemas[name];
    expect(schema, name).toBeDefined();
    expect([schema.type].flat()).toContain('integer');
    expect(schema['x-enum-varnames']).toHaveLength(schema.enum.length);
  });

  function codes(name: string): Record<string, number> {
    const s = schemas[name];
    return Object.fromEntries(s['x-enum-varnames'].map((n: string, i: number) => [n, s.enum[i]]));
  }

  it('takes the fuller reading of the task status codes and documents the other', () => {
    const status = codes('TaskStatus');
    expect(status).toMatchObject({
      Deleting: 19,
      QueuedForPreProcessing: 30,
      ToReview: 60,
      InReview: 70,
      ExportFailed: 92,
      ExportSuccessful: 93,
      Processed: 100,
      SplitProcessed: 101,
      PreProcessingUnknownLicenseError: 407,
    });
    expect(Object.keys(status)).toHaveLength(38);
    expect(JSON.stringify(schemas.TaskStatus['x-alternative-reading'])).toMatch(/93/);
  });

  it('carries the whole task and viewer error catalogue', () => {
    const values = Object.values(codes('TaskErrorCode')).sort((a, b) => a - b);
    const expected = [
      ...Array.from({ length: 30 }, (_, i) => i + 2),
      400,
      ...Array.from({ length: 27 }, (_, i) => i + 1000),
    ];
    expect(values).toEqual(expected);
    expect(codes('TaskErrorCode')).toMatchObject({
      CheckedOutByOtherUser: 3,
      MaximumFileSize: 13,
      UnsupportedExtensionsError: 20,
      HasEmptyRequiredFields: 22,
      HasFieldsNotMatchingRegex: 27,
      AssignedToOtherUser: 29,
      InvalidAssignmentState: 30,
    });
    expect(codes('WebTaskCreationErrorCode')).toEqual({
      CurrentUserIdNotFound: 1,
      NotFound: 2,
      UrlOrFileRequired: 3,
      MaximumFileSize: 4,
      BlobStorageUploadError: 5,
    });
  });

  it('defines the result wrapper and paged lists', () => {
    expect(Object.keys(schemas.ResultBase.properties)).toEqual(expect.arrayContaining(['succeeded', 'errors']));
    expect(Object.keys(schemas.ApiErrorItem.properties)).toEqual(expect.arrayContaining(['code', 'message']));
    expect(Object.keys(schemas.PagedListMeta.properties)).toEqual(
      expect.arrayContaining(['pageNumber', 'totalPages', 'totalCount', 'hasPreviousPage', 'hasNextPage']),
    );
  });

  it('answers partial content (206) with Content-Range where a viewer loads by ranges', () => {
    const partial = resolve(contract.paths['/api/v{version}/Document/PageDocument'].get.responses['206']);
    expect(Object.keys(partial.headers)).toEqual(expect.arrayContaining(['Content-Range', 'Content-Disposition']));
  });

  it('describes file responses with their content-disposition header', () => {
    const files = operations.filter(({ op }) => (op as Record<string, unknown>)['x-file-response']);
    expect(files.length).toBeGreaterThan(0);
    for (const { method, path, op } of files) {
      const ok = resolve((op.responses as Record<string, Yaml>)['200']);
      expect(Object.keys(ok.headers ?? {}), `${method} ${path}`).toContain('Content-Disposition');
    }
  });
});
