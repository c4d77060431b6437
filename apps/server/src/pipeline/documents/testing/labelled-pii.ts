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
  // Names in running text, with no title or label before them: only a language's lexicon finds
  // them (person-names.ts). Company, street and city names are the decoys.
  {
    language: 'en',
    text: [
      'The contract was signed by Robert Miller on behalf of Northwind Traders Ltd in London.',
      'Please contact Sarah Johnson if the delivery to Chicago is late.',
      'The meeting with Green Valley Farms moved to Baker Street, and David Thompson will attend.',
      'Best regards, Michael Brown',
    ].join('\n'),
    expected: [
      ['PersonName', 'Robert Miller'],
      ['PersonName', 'Sarah Johnson'],
      ['PersonName', 'David Thompson'],
      ['PersonName', 'Michael Brown'],
    ],
  },
  {
    language: 'fr',
    text: [
      'Le contrat a été signé par Pierre Martin au nom de la société Durand SA à Lyon.',
      'Veuillez contacter Sophie Laurent si la livraison à Marseille est en retard.',
      'La réunion avec Nicolas Bernard aura lieu rue de la République.',
      'Cordialement, Julien Moreau',
    ].join('\n'),
    expected: [
      ['PersonName', 'Pierre Martin'],
      ['PersonName', 'Sophie Laurent'],
      ['PersonName', 'Nicolas Bernard'],
      ['PersonName', 'Julien Moreau'],
    ],
  },
  {
    language: 'es',
    text: [
      'El contrato fue firmado por Javier Martínez en nombre de Construcciones Ruiz SL en Sevilla.',
      'Por favor contacte a Lucía Romero si el envío a Valencia se retrasa.',
      'La reunión con Elena Navarro será en la calle Gran Vía.',
      'Atentamente, Pablo Sánchez',
    ].join('\n'),
    expected: [
      ['PersonName', 'Javier Martínez'],
      ['PersonName', 'Lucía Romero'],
      ['PersonName', 'Elena Navarro'],
      ['PersonName', 'Pablo Sánchez'],
    ],
  },
  {
    language: 'de',
    text: [
      'Der Vertrag wurde von Thomas Müller im Namen der Weber GmbH in München unterschrieben.',
      'Bitte wenden Sie sich an Katrin Wagner, falls die Lieferung nach Hamburg verspätet ist.',
      'Das Treffen mit Jonas Fischer findet in der Goethestraße statt.',
      'Mit freundlichen Grüßen, Stefan Hoffmann',
    ].join('\n'),
    expected: [
      ['PersonName', 'Thomas Müller'],
      ['PersonName', 'Katrin Wagner'],
      ['PersonName', 'Jonas Fischer'],
      ['PersonName', 'Stefan Hoffmann'],
    ],
  },
  {
    language: 'pt',
    text: [
      'O contrato foi assinado por Ricardo Almeida em nome da Construções Costa Lda em Lisboa.',
      'Contacte Ana Rodrigues se a entrega no Porto atrasar.',
      'A reunião com Miguel Sousa será na Avenida da Liberdade.',
      'Com os melhores cumprimentos, Tiago Pereira',
    ].join('\n'),
    expected: [
      ['PersonName', 'Ricardo Almeida'],
      ['PersonName', 'Ana Rodrigues'],
      ['PersonName', 'Miguel Sousa'],
      ['PersonName', 'Tiago Pereira'],
    ],
  },
  // Written after the lexicons were tried on the ones above, so that the set is not only what they
  // were tuned on.
  {
    language: 'en',
    text: 'Yesterday Karen Mitchell from Riverside Bank called about the loan; James Walker approved it on Monday.',
    expected: [
      ['PersonName', 'Karen Mitchell'],
      ['PersonName', 'James Walker'],
    ],
  },
  {
    language: 'fr',
    text: 'Hier, Camille Petit de la Banque Populaire a appelé au sujet du prêt ; Antoine Girard l’a approuvé lundi.',
    expected: [
      ['PersonName', 'Camille Petit'],
      ['PersonName', 'Antoine Girard'],
    ],
  },
  {
    language: 'es',
    text: 'Ayer Marta Jiménez del Banco Santander llamó por el préstamo; Diego Torres lo aprobó el lunes.',
    expected: [
      ['PersonName', 'Marta Jiménez'],
      ['PersonName', 'Diego Torres'],
    ],
  },
  {
    language: 'de',
    text: 'Gestern rief Sabine Koch von der Sparkasse Köln wegen des Kredits an; Michael Schulz hat ihn am Montag genehmigt.',
    expected: [
      ['PersonName', 'Sabine Koch'],
      ['PersonName', 'Michael Schulz'],
    ],
  },
  {
    language: 'pt',
    text: 'Ontem a Beatriz Carvalho do Banco Santander ligou por causa do empréstimo; o Rui Gomes aprovou-o na segunda-feira.',
    expected: [
      ['PersonName', 'Beatriz Carvalho'],
      ['PersonName', 'Rui Gomes'],
    ],
  },
];
