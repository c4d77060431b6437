// Labels that announce invoice fields, in English, Portuguese, German, French, Dutch, Spanish,
// Italian, Polish and Czech. Each has a
// prior: how reliably the label introduces the field ("Invoice number" more than "Invoice").

export type InvoiceField =
  | 'InvoiceId'
  | 'InvoiceDate'
  | 'DueDate'
  | 'VendorName'
  | 'CustomerName'
  | 'SubTotal'
  | 'TotalTax'
  | 'InvoiceTotal'
  | 'Currency';

export type ValueKind = 'id' | 'date' | 'amount' | 'name';

/**
 * Labels of numbers and dates that are not invoice fields (order, customer, delivery note …): they
 * are found so that the value printed at them is known to be theirs and is never read as the
 * value of an invoice label above or before it.
 */
export type OtherField = 'Other' | 'AmountPaid';

export interface LabelRule {
  field: InvoiceField | OtherField;
  kind: ValueKind;
  /** Matched case-insensitively against one line of text; should not consume the value. */
  pattern: RegExp;
  prior: number;
  /** Only where nothing stands before it in its column: a label too bare to follow another word. */
  startsColumn?: boolean;
}

const rule = (field: InvoiceField | OtherField, kind: ValueKind, prior: number, source: string): LabelRule => ({
  field,
  kind,
  prior,
  // The label must start at a word start and end at a word end ("invoice_number_1" is a value);
  // a trailing ":", "#", "n°" is part of it.
  pattern: new RegExp(
    `(?<![\\p{L}\\p{N}.@/_-])(?:${source})(?![\\p{L}_])\\s*(?:[:#]|n[°º]|nr\\.?|no\\.?)?\\s*:?`,
    'giu',
  ),
});

export const LABEL_RULES: readonly LabelRule[] = [
  // Invoice number
  rule('InvoiceId', 'id', 0.95, 'invoice\\s*(?:no\\.?|number|nr\\.?|num\\.?|#|id)|inv\\.?\\s*(?:no|#)'),
  rule('InvoiceId', 'id', 0.95, 'facture\\s*(?:n[°º]|no\\.?|num[ée]ro)|num[ée]ro\\s+de\\s+facture'),
  rule('InvoiceId', 'id', 0.95, 'rechnungs?-?\\s*(?:nr\\.?|nummer|no\\.?)'),
  rule('InvoiceId', 'id', 0.95, 'factuur\\s*(?:nr\\.?|nummer)|factuurnummer'),
  // Statements and settlements number themselves like invoices (Dutch and German compounds).
  rule('InvoiceId', 'id', 0.9, '(?:betaaloverzicht|afrekening|abrechnungs?|beleg)-?\\s*(?:nummer|nr\\.?)'),
  rule(
    'InvoiceId',
    'id',
    0.95,
    '(?:n[º°]|n[úu]mero)\\s*(?:da\\s+)?fatura|n[úu]mero\\s+da\\s+(?:nfs-?e|nf-?e|nota\\s+fiscal)|fatura\\s*(?:n[º°.]|n[úu]mero)|nota\\s+fiscal\\s*n[º°]?',
  ),
  rule(
    'InvoiceId',
    'id',
    0.95,
    'n[úu]mero\\s+de\\s+factura|factura\\s*(?:n[º°.]|no\\.?|n[úu]m\\.?|n[úu]mero)|fattura\\s*(?:n[º°.]|nr\\.?|numero)|numero\\s+(?:di\\s+)?fattura',
  ),
  // A credit note numbers itself as an invoice does.
  rule(
    'InvoiceId',
    'id',
    0.95,
    'credit\\s+note\\s*(?:no\\.?|number|nr\\.?|#)|gutschrift(?:s)?-?\\s*(?:nr\\.?|nummer)|avoir\\s*n[°º]|creditnota\\s*(?:nr\\.?|nummer)|nota\\s+de\\s+cr[ée]dito\\s*(?:n[º°.]|n[úu]mero)|nota\\s+di\\s+credito\\s*(?:n[º°.]|numero)',
  ),
  rule('InvoiceId', 'id', 0.9, 'receipt\\s*(?:no\\.?|number|#)|recibo\\s*(?:n[º°.]?)?|booking\\s+id'),
  rule(
    'InvoiceId',
    'id',
    0.95,
    'numer\\s+faktury|faktura\\s+(?:vat\\s+)?(?:nr|numer)|faktura\\s*(?:č|c)\\.|[čc][íi]slo\\s+faktury',
  ),
  // A CFDI's "Folio fiscal" is its fiscal UUID; the invoice's own number is its "Folio".
  rule('InvoiceId', 'id', 0.85, 'bon-?\\s*nr\\.?|beleg-?\\s*nr\\.?|ticket\\s*n[º°]|folio(?!\\s+fiscal)'),
  rule('InvoiceId', 'id', 0.6, 'invoice|facture|rechnung|factuur|fatura'),
  // A bare number sign with a colon that starts its column ("Nº: 4000-12345678" under the title
  // "Factura"): on a bill, its own number. Other documents' numbers name themselves before the
  // sign ("Remito Nº:", "Pedido Nº"), and any specific label outranks it.
  { ...rule('InvoiceId', 'id', 0.55, '(?:n[º°]|nr|no)\\.?(?=\\s*:)'), startsColumn: true },
  // A title with the number after it ("Faktura 20150009"); alone, these words head other things
  // ("Faktura podstawowa", a basic invoice).
  rule('InvoiceId', 'id', 0.6, '(?:factura|fattura|faktura)(?=\\s*[#:]?\\s*\\d)'),
  // Issue date
  rule('InvoiceDate', 'date', 0.95, 'invoice\\s+date|date\\s+of\\s+issue|issue\\s+date|billing\\s+date|date\\s+issued'),
  rule('InvoiceDate', 'date', 0.95, 'date\\s+de\\s+(?:la\\s+)?facture|date\\s+d.[ée]mission|factur[ée]e?\\s+le'),
  rule(
    'InvoiceDate',
    'date',
    0.95,
    'rechnungsdatum|ausstellungsdatum|datum\\s+der\\s+rechnung|belegdatum|dokumentdatum',
  ),
  rule('InvoiceDate', 'date', 0.95, 'factuur\\s*datum|factuurdatum'),
  rule('InvoiceDate', 'date', 0.95, 'data\\s+(?:da\\s+)?(?:emiss[ãa]o|fatura)|emiss[ãa]o'),
  rule(
    'InvoiceDate',
    'date',
    0.95,
    'fecha\\s+(?:y\\s+hora\\s+)?(?:de\\s+)?(?:la\\s+)?(?:factura|emisi[óo]n|expedici[óo]n)|data\\s+(?:della\\s+)?fattura|data\\s+(?:di\\s+)?emissione',
  ),
  rule('InvoiceDate', 'date', 0.7, 'date|datum|data|fecha'),
  // Due date
  rule('DueDate', 'date', 0.95, 'due\\s+date|payment\\s+due|date\\s+due|pay\\s+by'),
  rule('DueDate', 'date', 0.95, 'date\\s+(?:limite|d.[ée]ch[ée]ance)(?:\\s+de\\s+paiement)?|[ée]ch[ée]ance'),
  rule('DueDate', 'date', 0.95, 'f[äa]llig(?:keitsdatum|\\s+am)?|zahlbar\\s+bis|zahlungsziel'),
  rule('DueDate', 'date', 0.95, 'vervaldatum|uiterste\\s+betaaldatum'),
  rule('DueDate', 'date', 0.95, 'data\\s+(?:de\\s+)?vencimento|vencimento'),
  rule('InvoiceDate', 'date', 0.95, 'data\\s+wystawienia'),
  rule('DueDate', 'date', 0.95, 'termin\\s+p[łl]atno[śs]ci'),
  rule('DueDate', 'date', 0.95, 'fecha\\s+de\\s+vencimiento|vencimiento|data\\s+(?:di\\s+)?scadenza|scadenza'),
  // Totals
  rule(
    'InvoiceTotal',
    'amount',
    0.95,
    'grand\\s+total|total\\s+amount\\s+due|amount\\s+due|balance\\s+due|total\\s+due|total\\s+for\\s+this\\s+invoice|invoice\\s+total',
  ),
  rule(
    'InvoiceTotal',
    'amount',
    0.95,
    'total\\s+ttc|somme\\s+[àa]\\s+payer|montant\\s+(?:total\\s+)?ttc|net\\s+[àa]\\s+payer',
  ),
  // A total said to include the tax ("Bedrag incl. BTW", "Total inkl. MwSt.", "Amount incl. VAT").
  rule(
    'InvoiceTotal',
    'amount',
    0.9,
    '(?:bedrag|totaal|total|amount|betrag|summe|montant|importe|valor|importo)\\s+(?:incl\\.?|inkl\\.?|including|inclusief|inklusive|con|com|compris)\\s+(?:vat|tax|btw|mwst\\.?|ust\\.?|tva|iva)',
  ),
  rule('InvoiceTotal', 'amount', 0.95, 'totaalbedrag|gesamtbetrag|rechnungsbetrag|endbetrag|zu\\s+zahlen|gesamtsumme'),
  rule('InvoiceTotal', 'amount', 0.95, 'factuur\\s*totaal|totaal\\s+(?:incl\\.?|te\\s+betalen)|te\\s+betalen'),
  rule(
    'InvoiceTotal',
    'amount',
    0.95,
    'total\\s+a\\s+pagar|valor\\s+total(?:\\s+da\\s+(?:nota|fatura))?|total\\s+geral',
  ),
  rule(
    'InvoiceTotal',
    'amount',
    0.95,
    'importe\\s+total|total\\s+factura|total\\s+con\\s+iva|totale\\s+(?:fattura|documento|da\\s+pagare)|importo\\s+totale|endsumme|rechnungstotal',
  ),
  rule(
    'InvoiceTotal',
    'amount',
    0.95,
    '(?:razem\\s+)?do\\s+zap[łl]aty|kwota\\s+nale[żz]no[śs]ci(?:\\s+og[óo][łl]em)?|warto[śs][ćc]\\s+brutto',
  ),
  rule('InvoiceTotal', 'amount', 0.75, 'total|totaal|totale|summe|gesamt|montant|importe'),
  // Subtotal
  rule(
    'SubTotal',
    'amount',
    0.9,
    '(?:sub\\s*-?total|subtotaal|zwischensumme)(?:\\s+(?:ex(?:cl|kl)?\\.?|excluding|exclusief|hors|sans|sin|sem|senza|ohne)\\s+(?:vat|tax|btw|mwst\\.?|ust\\.?|tva|taxes|iva))?|(?:total|amount)\\s+before\\s+tax|nettobetrag|total\\s+ht|montant\\s+ht|exclusief\\s+btw|total\\s+excl\\.?\\s+(?:vat|tax|btw)|total\\s+net|net\\s+amount|total\\s+l[íi]quido|valor\\s+l[íi]quido|total\\s+sem\\s+iva|summe\\s+netto|base\\s+imponible|(?:totale\\s+)?imponibile',
  ),
  // Tax
  rule(
    'TotalTax',
    'amount',
    0.9,
    'tax\\s+amount|vat\\s+amount|montant\\s+(?:de\\s+(?:la\\s+)?)?tva|btw\\s*-?bedrag|mwst\\.?\\s*-?betrag|valor\\s+(?:do\\s+)?iva|total\\s+(?:do\\s+)?iva',
  ),
  rule(
    'TotalTax',
    'amount',
    0.85,
    'total\\s+(?:tax|vat|tva|btw|iva|mwst)|tax|vat|tva|mwst\\.?|ust\\.?|btw|iva|valor\\s+do\\s+icms|gst',
  ),
  // Parties
  rule(
    'VendorName',
    'name',
    0.9,
    'sold\\s+by|vendor|supplier|seller|issued\\s+by|sprzedawca|dodavatel|prod[áa]vaj[íi]c[íi]|fornecedor|emitente|vendedor|verk[äa]ufer|lieferant|fournisseur|vendeur|leverancier|verkoper',
  ),
  // "From:" over or before the sender's block; the Spanish CFDI's "Datos del emisor".
  rule('VendorName', 'name', 0.85, 'from(?=\\s*:)|datos\\s+del\\s+emisor|emisor(?=\\s*:)'),
  rule(
    'CustomerName',
    'name',
    0.85,
    'bill(?:ed)?\\s+to|invoice\\s+to|customer(?!\\s+(?:care|service|support))(?:\\s+name)?|client(?!s)|guest\\s+name|sold\\s+to|attn\\.?',
  ),
  rule(
    'CustomerName',
    'name',
    0.85,
    'cliente|destinat[áa]rio|nabywca|odb[ěe]ratel|kupuj[íi]c[íi]|adquirente|kunde|rechnungsempf[äa]nger|factur[ée]\\s+[àa]|klant|factuuradres|t\\.a\\.v\\.|datos\\s+del\\s+receptor|receptor(?=\\s*:)',
  ),
  // Not a field of its own; listed so a "Ship To" next to "Bill To" ends the customer's value.
  rule(
    'CustomerName',
    'name',
    0.4,
    'ship\\s+to|deliver\\s+to|afleveradres|lieferadresse|adresse\\s+de\\s+livraison|morada\\s+de\\s+entrega',
  ),
];

/** Numbers and dates of other documents and parties, and what was paid already; see `OtherField`. */
export const OTHER_LABEL_RULES: readonly LabelRule[] = [
  // A payment already made: the amount due is the grand total less it (detect-invoice-fields.ts).
  rule(
    'AmountPaid',
    'amount',
    0.9,
    [
      'amount\\s+paid|paid\\s+amount|payments?\\s+received|total\\s+paid|already\\s+paid|deposit\\s+paid',
      'montant\\s+d[ée]j[àa]\\s+vers[ée]|d[ée]j[àa]\\s+(?:pay[ée]|r[ée]gl[ée]|vers[ée])|acompte\\s+vers[ée]',
      'bereits\\s+(?:bezahlt|gezahlt)|geleistete\\s+anzahlung|reeds\\s+betaald|al\\s+betaald',
      'importe\\s+pagado|valor\\s+pago|j[áa]\\s+pago|importo\\s+pagato|gi[àa]\\s+pagato',
    ].join('|'),
  ),
  rule(
    'Other',
    'id',
    0.5,
    [
      '(?:purchase\\s+)?order\\s*(?:no\\.?|number|nr\\.?|#|id|date)|p\\.?o\\.?\\s*(?:no\\.?|number|#)',
      '(?:customer|client|account|member)\\s*(?:no\\.?|number|nr\\.?|#|id)|delivery\\s+note(?:\\s+no\\.?)?',
      'bestell(?:nummer|nr\\.?|datum|ung)|auftrags?(?:nummer|nr\\.?|datum)|kunden-?\\s*(?:nummer|nr\\.?)',
      'lieferschein(?:nummer|nr\\.?|datum)?(?:\\s*/-?datum)?|bestelnummer|ordernummer|klantnummer|debiteurnummer|aankoopdatum|besteldatum',
      '(?:num[ée]ro|n[°º])\\s+(?:de\\s+)?(?:commande|client)|bon\\s+de\\s+commande|r[ée]f[ée]rence\\s+client',
      'n[úu]mero\\s+de\\s+(?:pedido|cliente|encomenda)|pedido\\s*n[º°.]?|encomenda\\s*n[º°.]?|numero\\s+(?:d.)?ordine|codice\\s+cliente',
    ].join('|'),
  ),
];
