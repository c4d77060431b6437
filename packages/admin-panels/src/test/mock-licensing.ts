/**
 * A stateful MSW stand-in for the licence calls, following the contract: License/Get answers 404
 * without a licence, Activate refuses with LicenseErrorCode (a used code 1, anything not signed 2),
 * the two histories come a continuation page at a time. Unit tests and stories only.
 */
import type { Schema } from '@reviewdesk/api-client';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { TENANT_ID } from './mock-api';

/** The one code the mock accepts once. */
export const VALID_CODE = 'RDL1.eyJsaWNlbnNlSWQiOiJBQ01FLTIwMjctMDEiLCJ2b2x1bWUiOjUwMDB9.c2lnbmF0dXJl';

export interface MockLicensingOptions {
  delay?: number;
  failReads?: number;
  /** The tenant has no licence at all (License/Get answers 404). */
  noLicence?: boolean;
  /** Usage items in the history (default 120, so it takes three pages of 50). */
  usageItems?: number;
}

const trial = (): Schema<'LicenseRecord'> => ({
  id: '66666666-6666-4666-8666-000000000001',
  licenseId: 'TRIAL',
  tenantId: TENANT_ID,
  isTrial: true,
  volume: 500,
  currentVolume: 380,
  expired: false,
  activationDate: new Date(Date.UTC(2026, 9, 1)).toISOString(),
  expirationDate: new Date(Date.UTC(2026, 11, 31)).toISOString(),
  storeUrl: 'https://store.example.com/reviewdesk',
  activationCode: null,
  licenseData: null,
});

export function createMockLicensingApi(options: MockLicensingOptions = {}) {
  const state = {
    licences: options.noLicence ? [] : [trial()],
    usedCodes: new Set<string>(),
    usage: Array.from({ length: options.usageItems ?? 120 }, (_, i) => ({
      licenseId: 'TRIAL',
      taskType: 'Invoice' as const,
      currentVolume: 380 + i,
      totalVolume: 500,
      totalPages: 1 + (i % 3),
      creditsSpent: 1 + (i % 3),
      creditsCost: 1,
      creditsMappingId: null,
      status: 60 as const,
      documentName: `Fatura ${String(120 - i).padStart(3, '0')}.pdf`,
      processDate: new Date(Date.UTC(2026, 10, 25, 12) - i * 3_600_000).toISOString(),
    })) as Schema<'LicenseUsageItem'>[],
    calls: [] as string[],
  };
  const answer = async (request: Request) => {
    state.calls.push(
      `${request.method} ${new URL(request.url).pathname.replace(/^\/api\/v[^/]+/, '')}${new URL(request.url).search}`,
    );
    if (options.delay) await delay(options.delay);
  };
  const failed = () =>
    options.failReads
      ? HttpResponse.json(
          { succeeded: false, errors: [{ code: 0, message: 'Unexpected.' }] },
          { status: options.failReads },
        )
      : null;
  const page = <T>(items: T[], token: string | null, size: number) => {
    const from = token ? Number(token) : 0;
    const next = from + size < items.length ? String(from + size) : null;
    return { items: items.slice(from, from + size), continuationToken: next };
  };
  const inForce = () => state.licences.find((l) => !l.expired) ?? state.licences[0];

  const handlers: HttpHandler[] = [
    http.get('*/api/:version/License/Get', async ({ request }) => {
      await answer(request);
      const licence = inForce();
      const failure = failed();
      if (failure) return failure;
      if (!licence) return HttpResponse.json({ message: 'The tenant has no licence.' }, { status: 404 });
      const { licenseId: _id, activationCode: _code, licenseData: _data, ...plain } = licence;
      return HttpResponse.json(plain);
    }),
    http.get('*/api/:version/License/GetLicenseHistory', async ({ request }) => {
      await answer(request);
      return (
        failed() ??
        HttpResponse.json(page(state.licences, new URL(request.url).searchParams.get('continuationToken'), 20))
      );
    }),
    http.post('*/api/:version/License/GetLicenseVolumeHistory', async ({ request }) => {
      await answer(request);
      const body = (await request.json()) as Schema<'LicenseVolumeHistoryRequest'>;
      const token = new URL(request.url).searchParams.get('continuationToken');
      return failed() ?? HttpResponse.json(page(state.usage, token, body.pageSize ?? 50));
    }),
    http.post('*/api/:version/License/Activate', async ({ request }) => {
      await answer(request);
      const { activationCode } = (await request.json()) as Schema<'LicenseActivationRequest'>;
      if (state.usedCodes.has(activationCode)) {
        return HttpResponse.json({
          succeeded: false,
          errors: [{ code: 1, message: 'This activation code was already used.' }],
        });
      }
      if (activationCode !== VALID_CODE) {
        return HttpResponse.json({
          succeeded: false,
          errors: [{ code: 2, message: 'The activation code is not signed by the licence vendor.' }],
        });
      }
      state.usedCodes.add(activationCode);
      const licence: Schema<'LicenseRecord'> = {
        ...trial(),
        id: '66666666-6666-4666-8666-000000000002',
        licenseId: 'ACME-2027-01',
        isTrial: false,
        volume: 5000,
        currentVolume: 5000,
        activationDate: new Date().toISOString(),
        expirationDate: new Date(Date.UTC(2027, 11, 31)).toISOString(),
        activationCode,
      };
      state.licences = [licence, ...state.licences.map((l) => ({ ...l, expired: true }))];
      const { licenseId: _id, activationCode: _code, licenseData: _data, ...plain } = licence;
      return HttpResponse.json({ succeeded: true, errors: [], result: plain });
    }),
  ];
  return { state, handlers };
}

/** A story's `beforeEach` installing the licence mock with these options. */
export const mockedLicensing = (options: MockLicensingOptions = {}) => ({
  beforeEach: ({ msw }: { msw: { use: (...handlers: HttpHandler[]) => void } }) => {
    msw.use(...createMockLicensingApi(options).handlers);
  },
});
