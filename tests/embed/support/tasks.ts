/**
 * Sets up what the embedding scenarios review: a processed invoice, imported through the real
 * API with the signed-in reviewer's token and waited for until the pipeline puts it in ToReview.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from '../../e2e/support/paths';

const TO_REVIEW = 60;

async function api<T>(baseUrl: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(init.headers ?? {}) },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Id of the reviewer's workspace of that name (demo data: "Supplier invoices"); `workspaceType` 20
 * finds a labelling-and-training workspace.
 */
export async function workspaceIdByName(
  baseUrl: string,
  token: string,
  name: string,
  workspaceType: 10 | 20 = 10,
): Promise<string> {
  const list = await api<Array<{ workspaceId: string; workspaceName: string }>>(
    baseUrl,
    token,
    `/SdWorkspace/UserWorkspaces?workspaceType=${workspaceType}`,
  );
  const found = list.find((w) => w.workspaceName === name);
  if (!found) throw new Error(`No workspace "${name}" among ${list.map((w) => w.workspaceName).join(', ')}`);
  return found.workspaceId;
}

/** Imports a fixture file as a task and waits until it is ready to review; returns its id. */
export async function importForReview(
  baseUrl: string,
  token: string,
  workspaceId: string,
  fixture: string,
  timeoutMs = 120_000,
): Promise<string> {
  const bytes = await readFile(join(repoRoot, 'fixtures', fixture));
  const name = fixture.split('/').pop() ?? fixture;
  return importFileForReview(baseUrl, token, workspaceId, name, bytes, timeoutMs);
}

/** Imports a file made by the test (e.g. the demo letter) and waits until it is ready to review. */
export async function importFileForReview(
  baseUrl: string,
  token: string,
  workspaceId: string,
  name: string,
  bytes: Uint8Array,
  timeoutMs = 120_000,
): Promise<string> {
  const form = new FormData();
  form.set('workspaceId', workspaceId);
  form.set('displayName', name);
  form.set('isImportedViaWeb', 'true');
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  const created = await api<{ succeeded: boolean; result?: { taskId: string } }>(baseUrl, token, '/SdTask/Import', {
    method: 'POST',
    body: form,
  });
  const taskId = created.result?.taskId;
  if (!created.succeeded || !taskId) throw new Error(`Import of ${name} failed: ${JSON.stringify(created)}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await api<{ status: number }>(baseUrl, token, `/SdTask/${taskId}`);
    if (task.status === TO_REVIEW) return taskId;
    if (task.status >= 400 || [32, 33, 35, 42, 52].includes(task.status))
      throw new Error(`${name} failed processing: status ${task.status}`);
    if (Date.now() > deadline)
      throw new Error(`${name} not ready to review after ${timeoutMs} ms (status ${task.status})`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
