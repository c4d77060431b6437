// Private half of the demo licence vendor key. Only the issuing command and the tests read it; a
// server holds the public half (domain/licences/vendor-key.ts) and trusts it only with demo data
// or when LICENCE_PUBLIC_KEY names it, so codes from this key are worthless to a real deployment.
export const DEMO_VENDOR_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIHCGJ2ezGcZkfRGiUUjKEjTNEakKBk5pTNwYl7O6dEaP
-----END PRIVATE KEY-----
`;
