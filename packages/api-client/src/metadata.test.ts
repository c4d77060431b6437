// The generated metadata against the contract it came from: every call of the specification is
// there, with the argument rules the client enforces.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apiEnums, apiOperations, apiRoutes, findOperation } from './index.js';

const root = new URL('../../../', import.meta.url);
const contract = parse(readFileSync(new URL('openapi/reviewdesk.yaml', root), 'utf8'));
const endpoints = readFileSync(new URL('openapi/spec-endpoints.tsv', root), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'));
const operations = Object.values(apiOperations);

describe('generated operation metadata', () => {
  it('has every operation of the contract', () => {
    const inContract = Object.values(contract.paths as Record<string, Record<string, { operationId?: string }>>)
      .flatMap((item) => Object.values(item))
      .map((op) => op.operationId)
      .filter(Boolean)
      .sort();
    expect(Object.keys(apiOperations).sort()).toEqual(inContract);
  });

  it('has every call of the specification (spec-endpoints.tsv) and only the documented additions', () => {
    // An operation beyond the specification's list says why in `x-addition` (CONVENTIONS.md).
    const additions = Object.values(contract.paths as Record<string, Record<string, Record<string, unknown>>>)
      .flatMap((item) => Object.values(item))
      .filter((op) => op['x-addition']);
    expect(operations).toHaveLength(endpoints.length + additions.length);
    for (const [method = '', path = ''] of endpoints) {
      const contractPath = path.startsWith('/api/') ? path : `/api/v{version}${path}`;
      expect(findOperation(contractPath, method), `${method} ${path}`).toBeDefined();
    }
  });

  it('routes each path and method to its operation', () => {
    for (const operation of operations) {
      expect(findOperation(operation.path, operation.method.toUpperCase())).toBe(operation);
      expect((apiRoutes as Record<string, Record<string, string>>)[operation.path]?.[operation.method]).toBe(
        operation.operationId,
      );
    }
    expect(findOperation('/api/v{version}/Nope', 'get')).toBeUndefined();
  });

  it('knows each operation’s path arguments, which may not be null', () => {
    for (const operation of operations) {
      const inPath = [...operation.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);
      expect([...operation.pathParams].sort(), operation.operationId).toEqual(inPath.sort());
      for (const name of operation.pathParams) expect(operation.nonNullable).toContain(name);
    }
  });

  it('records required and non-nullable query arguments', () => {
    expect(apiOperations.SdTask_GetWithPagination.requiredQuery).toEqual(['inBatchesOnly']);
    expect(apiOperations.SdTask_GetWithPagination.nonNullable).toContain('inBatchesOnly');
    expect(apiOperations.Document_PageAndOCR.requiredQuery).toEqual(['WorkspaceId', 'PageNumber']);
    expect(apiOperations.Document_PageAndOCR.nullableQuery).toEqual(['ExternalId', 'TaskId']);
  });

  it('marks file calls (x-file-response or a binary answer)', () => {
    const files = operations.filter((operation) => operation.file).map((operation) => operation.operationId);
    expect(files).toEqual(
      expect.arrayContaining(['Viewer_Export', 'User_DownloadPersonalData', 'Document_PageDocument']),
    );
    expect(apiOperations.SdTask_GetById.file).toBe(false);
  });

  it('knows the body type of each call', () => {
    expect(apiOperations.SdTask_Import.body).toBe('multipart/form-data');
    expect(apiOperations.SdTask_Process.body).toBe('application/json');
    expect(apiOperations.SdTask_GetById.body).toBeNull();
  });

  it('has Import and Process, whose 400 carries a structured error', () => {
    expect(apiOperations.SdTask_Import.path).toBe('/api/v{version}/SdTask/Import');
    expect(apiOperations.SdTask_Process.path).toBe('/api/v{version}/SdTask/Process');
  });
});

describe('generated enumerations', () => {
  it('are every enumeration of the contract', () => {
    const inContract = Object.entries(contract.components.schemas as Record<string, { enum?: unknown[] }>)
      .filter(([, schema]) => Array.isArray(schema.enum))
      .map(([name]) => name)
      .sort();
    expect(Object.keys(apiEnums).sort()).toEqual(inContract);
  });

  it('follow x-enum-varnames in order', () => {
    for (const [name, meta] of Object.entries(apiEnums)) {
      const schema = contract.components.schemas[name];
      expect(Object.values(meta.values), name).toEqual(schema.enum);
      if (schema['x-enum-varnames']) expect(Object.keys(meta.values), name).toEqual(schema['x-enum-varnames']);
    }
  });
});
