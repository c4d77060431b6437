// A labelled set for PII detection: short letters and forms in the five languages of the product,
// each with every piece of personal data in it written down by hand, and decoys that must not be
// taken (invoice and order numbers, amounts, dates that are not birth dates, company names).
// Made-up people; identifiers with valid check digits. Used by the precision/recall test and the
// PII benchmark (bench/pii.bench.ts).
import type { PiiCategory } from '../pii/detect-pii.js';

export interface LabelledText {
  language: 'pt' | 'en' | 'de' | 'fr' | 'es';
  text: string;
  expected: Array<[PiiCategory, string]>;
}

export const LABELLED_PII: readonly LabelledText[] = [
  {
    language: 'pt',
    text: [
      'Exma. Sra. Maria Fernandes',
      'E-mail: maria.fernandes@example.pt',
      'Telefone: +351 912 345 678',
      'NIF: 232 012 610',
      'Data de nascimento: 14/02/1985',
      'IBAN: PT50 0002 0123 1234 5678 9015 4',
      'Fatura n.º FT 2026/118 de 03/03/2026, total 1.234,56 EUR',
    ].join('\n'),
    expected: [
      ['PersonName', 'Maria Fernandes'],
      ['Email', 'maria.fernandes@example.pt'],
      ['PhoneNumber', '+351 912 345 678'],
      ['TaxId', '232 012 610'],
      ['DateOfBirth', '14/02/1985'],
      ['Iban', 'PT50 0002 0123 1234 5678 9015 4'],
    ],
  },
  {
    language: 'pt',
    text: [
      'Cliente: João Pedro Silva',
      'Contacto: joao.silva@correio.pt, telemóvel 912 000 111',
      'Encomenda 4455-AB entregue a 12/01/2026.',
    ].join('\n'),
    expected: [
      ['PersonName', 'João Pedro Silva'],
      ['Email', 'joao.silva@correio.pt'],
      ['PhoneNumber', '912 000 111'],
    ],
  },
  {
    language: 'en',
    text: [
      'Dear Mr. John Carter,',
      'Your account manager is Dr. Emily Watson (emily.watson@example.co.uk, phone +44 20 7946 0958).',
      'Date of birth: 03/07/1979',
      'Refunds go to GB82 WEST 1234 5698 7654 32.',
      'Invoice INV-2026-0042 of 2026-03-01, amount due 1,250.00 GBP.',
    ].join('\n'),
    expected: [
      ['PersonName', 'John Carter'],
      ['PersonName', 'Emily Watson'],
      ['Email', 'emily.watson@example.co.uk'],
      ['PhoneNumber', '+44 20 7946 0958'],
      ['DateOfBirth', '03/07/1979'],
      ['Iban', 'GB82 WEST 1234 5698 7654 32'],
    ],
  },
  {
    language: 'de',
    text: [
      'Sehr geehrte Frau Anna Schmidt,',
      'Steuer-ID: 86 095 742 719',
      'geboren am 21.09.1990',
      'Tel.: +49 30 123456789',
      'Bankverbindung: DE89 3704 0044 0532 0130 00',
      'Rechnung Nr. 2026-117 vom 04.03.2026 über 980,00 EUR.',
    ].join('\n'),
    expected: [
      ['PersonName', 'Anna Schmidt'],
      ['TaxId', '86 095 742 719'],
      ['DateOfBirth', '21.09.1990'],
      ['PhoneNumber', '+49 30 123456789'],
      ['Iban', 'DE89 3704 0044 0532 0130 00'],
    ],
  },
  {
    language: 'de',
    text: ['Herr Lukas Becker', 'E-Mail: l.becker@beispiel.de', 'Kundennummer 36574261809 (keine Steuer-ID)'].join(
      '\n',
    ),
    expected: [
      ['PersonName', 'Lukas Becker'],
      ['Email', 'l.becker@beispiel.de'],
    ],
  },
  {
    language: 'fr',
    text: [
      'Madame Claire Dubois',
      'Née le 05/11/1982',
      'N° de sécurité sociale : 2 95 10 99 126 111 93',
      'Téléphone : +33 1 42 68 53 00',
      'IBAN : FR14 2004 1010 0505 0001 3M02 606',
      'Facture F-2026-09 du 02/03/2026, montant 420,00 EUR.',
    ].join('\n'),
    expected: [
      ['PersonName', 'Claire Dubois'],
      ['DateOfBirth', '05/11/1982'],
      ['NationalId', '2 95 10 99 126 111 93'],
      ['PhoneNumber', '+33 1 42 68 53 00'],
      ['Iban', 'FR14 2004 1010 0505 0001 3M02 606'],
    ],
  },
  {
    language: 'es',
    text: [
      'Estimado Sr. Carlos García López:',
      'DNI 12345678Z, NIE de su cónyuge X1234567L',
      'Correo: carlos.garcia@ejemplo.es',
      'Teléfono: +34 912 345 678',
      'Cuenta: ES91 2100 0418 4502 0005 1332',
      'Pedido 2026-77 del 01/02/2026 por 75,50 EUR.',
    ].join('\n'),
    expected: [
      ['PersonName', 'Carlos García López'],
      ['NationalId', '12345678Z'],
      ['NationalId', 'X1234567L'],
      ['Email', 'carlos.garcia@ejemplo.es'],
      ['PhoneNumber', '+34 912 345 678'],
      ['Iban', 'ES91 2100 0418 4502 0005 1332'],
    ],
  },
];
