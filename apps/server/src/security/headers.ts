// Browser security headers on every answer (OWASP ASVS V14.4): the app, the API, the identity
// pages, the provider's endpoints and signed files. @fastify/helmet writes them at onRequest on the
// raw response, so the provider's endpoints (hijacked to oidc-provider) get them too; oidc-provider
// adds the hash of its own auto-submit form script to the policy it finds there.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { SIGNED_FILES_PATH } from '../domain/results/signed-urls.js';

/** Pages that must never be framed: sign-in, password reset, e-mail confirmations. */
const UNFRAMEABLE = [/^\/Identity\//, /^\/confirm\//];

/** Features no Reviewdesk page uses; the browser refuses them even to injected script. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/** `frame-ancestors` of the reference app: 'self' plus the partner origins of FRAME_ANCESTORS. */
export function appFrameAncestors(config: Pick<ServerConfig, 'frameAncestors'>): string[] {
  return ["'self'", ...config.frameAncestors];
}

export async function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const https = config.origin.startsWith('https://');
  const frameAncestors = appFrameAncestors(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline script anywhere; pdf.js and the speech stages compile WebAssembly.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // pdf.js runs in a worker from the app's own files; some libraries start workers from blob: URLs.
        workerSrc: ["'self'", 'blob:'],
        // The app's libraries set style attributes on elements they draw (waveform, virtual lists).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'blob:', 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors,
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Partner origins cannot be named in X-Frame-Options: it is left to frame-ancestors then.
    xFrameOptions: config.frameAncestors.length === 0 ? { action: 'sameorigin' } : false,
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    // The sign-in redirect and popups of partner pages must keep working: same-origin-allow-popups.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    const raw = reply.raw;
    raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    const path = request.url.split('?')[0] ?? '';
    // Signed URLs are capabilities a partner's page may play or download (<video src>, <a href>).
    if (path.startsWith(`${SIGNED_FILES_PATH}/`)) raw.setHeader('cross-origin-resource-policy', 'cross-origin');
    if (UNFRAMEABLE.some((pattern) => pattern.test(path))) {
      const csp = String(raw.getHeader('content-security-policy') ?? '');
      raw.setHeader('content-security-policy', csp.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"));
      raw.setHeader('x-frame-options', 'DENY');
    }
  });
}

/** API answers carry personal data behind a bearer token: no browser or proxy may keep them. */
export function registerApiNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
