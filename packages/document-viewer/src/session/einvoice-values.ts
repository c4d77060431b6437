/**
 * Fields read from an e-invoice's XML (ZUGFeRD, Factur-X, XRechnung, UBL) rather than from the
 * page. The server marks them with their entity type; where the printed page says something else,
 * the entity carries two values — the printed one first (what the recipient saw, on the page, with
 * its box) and the XML's second (no box: it is printed nowhere) — and a confidence below the review
 * thresholds, so the reviewer sees both and decides.
 */
import type { Entity } from './types.js';

/** Entity type of fields read from an e-invoice's XML (the server's pipeline writes it). */
export const EINVOICE_ENTITY_TYPE = 'eInvoiceField';

export function isFromEInvoice(entity: Entity): boolean {
  return entity.type === EINVOICE_ENTITY_TYPE;
}

/**
 * The XML's value kept beside the printed one of a field on which page and XML disagreed, else
 * null. The field's own value is the first one (the reviewer types over it); this one stays as read.
 */
export function eInvoiceXmlAlternative(entity: Entity): string | null {
  if (!isFromEInvoice(entity) || entity.keyValues.length !== 2) return null;
  const xml = entity.keyValues[1];
  return xml && !xml.boundingBox && xml.content ? xml.content : null;
}

export interface EInvoiceDisagreement {
  printed: string;
  xml: string;
}

/** The printed and the XML value of a field while they still differ, else null. */
export function eInvoiceDisagreement(entity: Entity): EInvoiceDisagreement | null {
  const xml = eInvoiceXmlAlternative(entity);
  const printed = entity.keyValues[0]?.content ?? '';
  return xml !== null && printed !== '' && printed !== xml ? { printed, xml } : null;
}
