// Test support: the demo letter to anonymise — a Portuguese clinic's letter to a made-up patient
// with her name (twice), e-mail, phone, NIF, date of birth and IBAN, and the places personal data
// hides besides the page: the document information, a link annotation, a filled form field and an
// attached file. Written with pdfkit on each run (no real person's letter is kept in the repository).
import PDFDocument from 'pdfkit';

export const LETTER_PII = {
  name: 'Maria Fernandes',
  email: 'maria.fernandes@example.pt',
  phone: '+351 912 345 678',
  nif: '232 012 610',
  birthDate: '14/02/1985',
  iban: 'PT50 0002 0123 1234 5678 9015 4',
  signatory: 'Joana Ribeiro',
} as const;

/** Text of the letter that is not personal data: an anonymised copy still reads it. */
export const LETTER_KEPT = ['Clínica Boavista', 'Resultados da consulta', 'melhores cumprimentos'];

const LINES = [
  'Clínica Boavista, Lda.',
  'Rua do Almada 120, 4050-032 Porto',
  '',
  'Porto, 12 de março de 2026',
  '',
  `Exma. Sra. ${LETTER_PII.name}`,
  `E-mail: ${LETTER_PII.email}`,
  `Telefone: ${LETTER_PII.phone}`,
  `NIF: ${LETTER_PII.nif}`,
  `Data de nascimento: ${LETTER_PII.birthDate}`,
  `IBAN: ${LETTER_PII.iban}`,
  '',
  'Assunto: Resultados da consulta',
  '',
  `Cara Sra. ${LETTER_PII.name},`,
  '',
  'Enviamos em anexo os resultados da consulta de 3 de março.',
  'Para marcar a próxima consulta contacte a receção.',
  '',
  'Com os melhores cumprimentos,',
  '',
  `Dr. ${LETTER_PII.signatory}`,
];

export async function demoLetter(): Promise<Uint8Array> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 72,
    info: { Title: `Carta a ${LETTER_PII.name}`, Author: LETTER_PII.signatory, Subject: LETTER_PII.email },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  pdf.font('Helvetica').fontSize(12);
  for (const line of LINES) pdf.text(line || ' ');
  pdf.link(72, 600, 200, 14, `mailto:${LETTER_PII.email}`);
  pdf.initForm();
  pdf.formText('patient', 72, 640, 200, 20, { value: LETTER_PII.name });
  pdf.file(Buffer.from(`Paciente: ${LETTER_PII.name}\nIBAN: ${LETTER_PII.iban}\n`), {
    name: 'ficha.txt',
    description: `Ficha de ${LETTER_PII.name}`,
  });
  pdf.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
