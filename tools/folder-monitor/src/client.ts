// The Reviewdesk calls the folder monitor makes, with a tenant API secret: a client-credentials
// token (/connect/token), a resumable tus 1.0 upload (/files/) and the task's creation from the
// finished upload (SdTask/Process). Nothing else: the secret may do no more than import.

/** The server refused the file: it will not be taken by sending it again (moved to failed/). */
export class RefusedError extends Error {
  constructor(
    message: string,
    /** The catalogue code (TaskErrorCode), 0 when the server gave none. */
    readonly code: number,
  ) {
    super(message);
    this.name = 'RefusedError';
  }
}

export interface ClientOptions {
  /** The server's origin, e.g. https://reviewdesk.example.com. */
  server: string;
  clientId: string;
  clientSecret: string;
  /** Bytes per PATCH; smaller chunks lose less to a dropped connection. */
  chunkSize?: number;
  /** fetch to use (tests inject failures here). */
  fetch?: typeof fetch;
}

const TUS = { 'Tus-Resumable': '1.0.0' };

export class ReviewdeskClient {
  private token: { value: string; until: number } | undefined;
  private readonly fetch: typeof fetch;
  readonly chunkSize: number;

  constructor(private readonly options: ClientOptions) {
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.chunkSize = options.chunkSize ?? 8 * 1024 * 1024;
  }

  private url(path: string): string {
    return new URL(path, this.options.server).href;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now() + 30_000) return this.token.value;
    const basic = Buffer.from(
      `${encodeURIComponent(this.options.clientId)}:${encodeURIComponent(this.options.clientSecret)}`,
    ).toString('base64');
    const response = await this.fetch(this.url('/connect/token'), {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'api' }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error_description?: string;
    };
    if (!response.ok || !body.access_token) {
      throw new Error(`The server did not accept the API secret: ${body.error_description ?? response.status}`);
    }
    this.token = { value: body.access_token, until: Date.now() + (body.expires_in ?? 300) * 1000 };
    return this.token.value;
  }

  private async headers(extra: Record<string, string> = {}): Promise<Record<string, string>> {
    return { authorization: `Bearer ${await this.accessToken()}`, ...extra };
  }

  /** Starts an upload of `size` bytes for the workspace; resolves to its URL. */
  async createUpload(workspaceId: string, fileName: string, size: number): Promise<string> {
    const metadata = [
      `workspaceId ${Buffer.from(workspaceId).toString('base64')}`,
      `filename ${Buffer.from(fileName).toString('base64')}`,
    ].join(',');
    const response = await this.fetch(this.url('/files/'), {
      method: 'POST',
      headers: await this.headers({ ...TUS, 'Upload-Length': String(size), 'Upload-Metadata': metadata }),
    });
    if (response.status === 413 || response.status === 400 || response.status === 403) {
      throw new RefusedError(await messageOf(response), response.status === 413 ? 13 : 0);
    }
    const location = response.headers.get('location');
    if (response.status !== 201 || !location) throw new Error(`The upload could not be started (${response.status}).`);
    return this.url(location);
  }

  /** How many bytes of the upload the server has, or null when it no longer knows it (expired, removed). */
  async uploadOffset(uploadUrl: string): Promise<number | null> {
    const response = await this.fetch(uploadUrl, { method: 'HEAD', headers: await this.headers(TUS) });
    if (response.status === 404 || response.status === 410) return null;
    if (!response.ok) throw new Error(`The upload could not be checked (${response.status}).`);
    return Number(response.headers.get('upload-offset') ?? 0);
  }

  /** Sends `chunk` at `offset`; resolves to the new offset. */
  async sendChunk(uploadUrl: string, offset: number, chunk: Uint8Array): Promise<number> {
    const response = await this.fetch(uploadUrl, {
      method: 'PATCH',
      headers: await this.headers({
        ...TUS,
        'Upload-Offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      }),
      body: new Uint8Array(chunk),
    });
    if (response.status === 413) throw new RefusedError(await messageOf(response), 13);
    if (response.status !== 204) throw new Error(`A chunk was not accepted (${response.status}).`);
    return Number(response.headers.get('upload-offset') ?? offset + chunk.byteLength);
  }

  /**
   * Makes task `taskId` of the finished upload; resolves to whether it was made now (false: a task
   * with this id exists already — an earlier run made it and stopped before noting it).
   */
  async createTask(workspaceId: string, uploadUrl: string, displayName: string, taskId: string): Promise<boolean> {
    const uploadId = new URL(uploadUrl).pathname.split('/').filter(Boolean).pop() ?? '';
    const response = await this.fetch(this.url('/api/v1/SdTask/Process'), {
      method: 'POST',
      headers: await this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ workspaceId, uploadId, displayName, id: taskId }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      taskId?: string;
      message?: string;
      errors?: Array<{ code?: number; message?: string }>;
    };
    if (response.ok && body.taskId) return true;
    if (response.status === 400 && body.errors?.some((e) => /task with this id already exists/i.test(e.message ?? '')))
      return false;
    if (response.status === 400 || response.status === 403) {
      const error = body.errors?.[0];
      throw new RefusedError(error?.message ?? body.message ?? `Refused (${response.status}).`, error?.code ?? 0);
    }
    throw new Error(`The task could not be created (${response.status}).`);
  }
}

async function messageOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: string; errors?: Array<{ message?: string }> };
    return body.errors?.[0]?.message ?? body.message ?? text;
  } catch {
    return text || `The server answered ${response.status}.`;
  }
}
