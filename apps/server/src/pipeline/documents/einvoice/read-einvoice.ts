// Reads an EN 16931 e-invoice from its XML: UN/CEFACT CII (ZUGFeRD 2.x, Factur-X MINIMUM to
// EXTENDED, XRechnung CII), the older ZUGFeRD 1.0 CII (CrossIndustryDocument) and OASIS UBL 2.1
// (Invoice, CreditNote; XRechnung UBL, Peppol). The three syntaxes carry the same business terms
// (BT-1 number, BT-2 issue date, …) under different element paths; each syntax is a table of
// paths, read by one function, so a value means the same whatever syntax it came from.
import { attribute, nodes, parseXml, text, type XmlNode } from './xml-tree.js';

export type EInvoiceSyntax = 'CII' | 'ZUGFeRD1' | 'UBL';
export type EInvoiceDocumentType = 'invoice' | 'creditNote' | 'corrective';

export interface EInvoiceParty {
  name: string | null;
  /** VAT identifier (BT-31 / BT-48) when given, else another tax registration. */
  vatId: string | null;
  country: string | null;
}

export interface EInvoiceLine {
  id: string | null;
  name: string | null;
  quantity: string | null;
  unitCode: string | null;
  unitPrice: string | null;
  netAmount: string | null;
  taxRate: string | null;
}

export interface EInvoice {
  syntax: EInvoiceSyntax;
  /** The specification identifier (BT-24), e.g. `urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended`. */
  profile: string | null;
  typeCode: string | null;
  documentType: EInvoiceDocumentType;
  number: string | null;
  /** ISO dates `yyyy-mm-dd`. */
  issueDate: string | null;
  dueDate: string | null;
  currency: string | null;
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  /** Invariant decimal numbers as the XML states them (`1235.40`). */
  netTotal: string | null;
  taxTotal: string | null;
  grandTotal: string | null;
  amountDue: string | null;
  paymentTerms: string | null;
  iban: string | null;
  lines: EInvoiceLine[];
}

export type EInvoiceReading = { ok: true; invoice: EInvoice } | { ok: false; reason: string };

// UNTDID 1001 document type codes that the EN 16931 code list allows.
const CREDIT_NOTE_CODES = new Set(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532']);
const CORRECTIVE_CODES = new Set(['384', '471', '472', '473']);

export function documentTypeOf(typeCode: string | null, rootName: string): EInvoiceDocumentType {
  if (typeCode && CREDIT_NOTE_CODES.has(typeCode)) return 'creditNote';
  if (typeCode && CORRECTIVE_CODES.has(typeCode)) return 'corrective';
  return rootName === 'CreditNote' ? 'creditNote' : 'invoice';
}

/** Reads the XML text; a file that is not one of the three invoice syntaxes, or is broken, says why. */
export function readEInvoice(xml: string): EInvoiceReading {
  const parsed = parseXml(xml.replace(/^\uFEFF/, ''));
  if (!parsed.ok) return { ok: false, reason: `the XML is not well-formed: ${parsed.reason}` };
  const { rootName, root } = parsed;
  let invoice: EInvoice;
  if (rootName === 'CrossIndustryInvoice') invoice = readCii(root, CII_PATHS, 'CII', rootName);
  else if (rootName === 'CrossIndustryDocument') invoice = readCii(root, ZUGFERD1_PATHS, 'ZUGFeRD1', rootName);
  else if (rootName === 'Invoice' || rootName === 'CreditNote') invoice = readUbl(root, rootName);
  else {
    return {
      ok: false,
      reason: `the XML is not an EN 16931 invoice (its root element is ${rootName}, not CrossIndustryInvoice, CrossIndustryDocument, Invoice or CreditNote)`,
    };
  }
  // Without a number or a total the file is some other CII/UBL message (an order, a catalogue).
  if (!invoice.number || (!invoice.grandTotal && !invoice.amountDue)) {
    return { ok: false, reason: 'the XML has no invoice number or no invoice total' };
  }
  return { ok: true, invoice };
}

interface CiiPaths {
  context: string;
  document: string;
  agreement: string;
  settlement: string;
  summation: string;
  lines: string;
  line: {
    product: string;
    price: string;
    quantity: string;
    tax: string;
    total: string;
  };
  taxRate: string;
}

// CII D16B (ZUGFeRD 2.x, Factur-X, XRechnung CII).
const CII_PATHS: CiiPaths = {
  context: 'ExchangedDocumentContext',
  document: 'ExchangedDocument',
  agreement: 'SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement',
  settlement: 'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement',
  summation: 'SpecifiedTradeSettlementHeaderMonetarySummation',
  lines: 'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem',
  line: {
    product: 'SpecifiedTradeProduct/Name',
    price: 'SpecifiedLineTradeAgreement/NetPriceProductTradePrice/ChargeAmount',
    quantity: 'SpecifiedLineTradeDelivery/BilledQuantity',
    tax: 'SpecifiedLineTradeSettlement/ApplicableTradeTax',
    total: 'SpecifiedLineTradeSettlement/SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount',
  },
  taxRate: 'RateApplicablePercent',
};

// ZUGFeRD 1.0 (CII D13B "CrossIndustryDocument").
const ZUGFERD1_PATHS: CiiPaths = {
  context: 'SpecifiedExchangedDocumentContext',
  document: 'HeaderExchangedDocument',
  agreement: 'SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeAgreement',
  settlement: 'SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeSettlement',
  summation: 'SpecifiedTradeSettlementMonetarySummation',
  lines: 'SpecifiedSupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem',
  line: {
    product: 'SpecifiedTradeProduct/Name',
    price: 'SpecifiedSupplyChainTradeAgreement/NetPriceProductTradePrice/ChargeAmount',
    quantity: 'SpecifiedSupplyChainTradeDelivery/BilledQuantity',
    tax: 'SpecifiedSupplyChainTradeSettlement/ApplicableTradeTax',
    total: 'SpecifiedSupplyChainTradeSettlement/SpecifiedTradeSettlementMonetarySummation/LineTotalAmount',
  },
  taxRate: 'ApplicablePercent',
};

function readCii(root: XmlNode, paths: CiiPaths, syntax: EInvoiceSyntax, rootName: string): EInvoice {
  const document = nodes(root, paths.document)[0];
  const agreement = nodes(root, paths.agreement)[0];
  const settlement = nodes(root, paths.settlement)[0];
  const summation = nodes(settlement, paths.summation)[0];
  const typeCode = text(document, 'TypeCode');
  const currency = text(settlement, 'InvoiceCurrencyCode');
  const party = (path: string): EInvoiceParty => {
    const found = nodes(agreement, path)[0];
    const registrations = nodes(found, 'SpecifiedTaxRegistration/ID');
    const vat = registrations.find((id) => id['@schemeID'] === 'VA') ?? registrations[0];
    return {
      name: text(found, 'Name'),
      vatId: vat ? textOf(vat) : null,
      country: text(found, 'PostalTradeAddress/CountryID'),
    };
  };
  // Several TaxTotalAmount elements may be given, one per currency (BT-110 / BT-111): take the invoice currency's.
  const taxTotals = nodes(summation, 'TaxTotalAmount');
  const taxTotal =
    taxTotals.find((amount) => !amount['@currencyID'] || amount['@currencyID'] === currency) ?? taxTotals[0];
  return {
    syntax,
    profile: text(root, `${paths.context}/GuidelineSpecifiedDocumentContextParameter/ID`),
    typeCode,
    documentType: documentTypeOf(typeCode, rootName),
    number: text(document, 'ID'),
    issueDate: ciiDate(nodes(document, 'IssueDateTime/DateTimeString')[0]),
    dueDate: ciiDate(nodes(settlement, 'SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString')[0]),
    currency,
    seller: party('SellerTradeParty'),
    buyer: party('BuyerTradeParty'),
    netTotal: decimal(text(summation, 'TaxBasisTotalAmount') ?? text(summation, 'LineTotalAmount')),
    taxTotal: decimal(taxTotal ? textOf(taxTotal) : null),
    grandTotal: decimal(text(summation, 'GrandTotalAmount')),
    amountDue: decimal(text(summation, 'DuePayableAmount')),
    paymentTerms: text(settlement, 'SpecifiedTradePaymentTerms/Description'),
    iban: text(settlement, 'SpecifiedTradeSettlementPaymentMeans/PayeePartyCreditorFinancialAccount/IBANID'),
    lines: nodes(root, paths.lines).map((line) => ({
      id: text(line, 'AssociatedDocumentLineDocument/LineID'),
      name: text(line, paths.line.product),
      quantity: text(line, paths.line.quantity),
      unitCode: attribute(line, paths.line.quantity, 'unitCode'),
      unitPrice: text(line, paths.line.price),
      netAmount: text(line, paths.line.total),
      taxRate: text(line, `${paths.line.tax}/${paths.taxRate}`),
    })),
  };
}

function readUbl(root: XmlNode, rootName: 'Invoice' | 'CreditNote'): EInvoice {
  const typeCode = text(root, rootName === 'Invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode');
  const currency = text(root, 'DocumentCurrencyCode');
  const party = (path: string): EInvoiceParty => {
    const found = nodes(root, `${path}/Party`)[0];
    const schemes = nodes(found, 'PartyTaxScheme');
    const vat = schemes.find((scheme) => text(scheme, 'TaxScheme/ID') === 'VAT') ?? schemes[0];
    return {
      name: text(found, 'PartyLegalEntity/RegistrationName') ?? text(found, 'PartyName/Name'),
      vatId: vat ? text(vat, 'CompanyID') : null,
      country: text(found, 'PostalAddress/Country/IdentificationCode'),
    };
  };
  const taxTotals = nodes(root, 'TaxTotal/TaxAmount');
  const taxTotal =
    taxTotals.find((amount) => !amount['@currencyID'] || amount['@currencyID'] === currency) ?? taxTotals[0];
  const lineName = rootName === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const quantityName = rootName === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  return {
    syntax: 'UBL',
    profile: text(root, 'CustomizationID'),
    typeCode,
    documentType: documentTypeOf(typeCode, rootName),
    number: text(root, 'ID'),
    issueDate: isoDate(text(root, 'IssueDate')),
    dueDate: isoDate(text(root, 'DueDate') ?? text(root, 'PaymentMeans/PaymentDueDate')),
    currency,
    seller: party('AccountingSupplierParty'),
    buyer: party('AccountingCustomerParty'),
    netTotal: decimal(text(root, 'LegalMonetaryTotal/TaxExclusiveAmount')),
    taxTotal: decimal(taxTotal ? textOf(taxTotal) : null),
    grandTotal: decimal(text(root, 'LegalMonetaryTotal/TaxInclusiveAmount')),
    amountDue: decimal(text(root, 'LegalMonetaryTotal/PayableAmount')),
    paymentTerms: text(root, 'PaymentTerms/Note'),
    iban: text(root, 'PaymentMeans/PayeeFinancialAccount/ID'),
    lines: nodes(root, lineName).map((line) => ({
      id: text(line, 'ID'),
      name: text(line, 'Item/Name'),
      quantity: text(line, quantityName),
      unitCode: attribute(line, quantityName, 'unitCode'),
      unitPrice: text(line, 'Price/PriceAmount'),
      netAmount: text(line, 'LineExtensionAmount'),
      taxRate: text(line, 'Item/ClassifiedTaxCategory/Percent'),
    })),
  };
}

const textOf = (found: XmlNode): string | null => {
  const value = found['#text'];
  return value === undefined || value === null || String(value).trim() === '' ? null : String(value).trim();
};

/** CII dates: format 102 `yyyymmdd` (the only one EN 16931 allows for BT-2/BT-9); 610 `yyyymm` is a month, not a day. */
function ciiDate(found: XmlNode | undefined): string | null {
  if (!found) return null;
  const value = textOf(found);
  if (!value) return null;
  const format = found['@format'];
  if (format !== undefined && format !== '102') return null;
  return isoDate(value);
}

/** `yyyymmdd` or `yyyy-mm-dd` (with an optional time or zone after it) as a checked ISO date. */
export function isoDate(value: string | null): string | null {
  const match = value?.trim().match(/^(\d{4})-?(\d{2})-?(\d{2})/);
  if (!match) return null;
  const [, year, month, day] = match as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month}-${day}`;
}

/** An XML decimal as an invariant number with at least two decimals (`119` → `119.00`); null if not a number. */
export function decimal(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.replace(/^\+/, '').split('.');
  // Trailing zeros past the cents say nothing (`205.9000` → `205.90`); other digits are kept.
  const digits = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole === '' || whole === '-' ? `${whole}0` : whole}.${digits}`;
}
