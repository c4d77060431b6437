// The shapes of the words a person's name is written with, shared by the two ways names are found:
// after a title or label (detect-pii.ts) and by a language's lexicon (person-names.ts).

/** A capitalised word ("Fernandes", "Jean-Luc", "O’Brien") or an initial ("J."). */
export const NAME_WORD = /^(?:\p{Lu}[\p{Ll}'’-]+(?:-\p{Lu}[\p{Ll}'’-]+)?|\p{Lu}\.)$/u;

/** Lower-case words inside a name ("Maria da Silva", "Ludwig van Beethoven"). */
export const PARTICLE = /^(?:de|da|do|dos|das|e|van|von|der|den|le|la|di|del)$/u;

/** Capitalised words that start labels and headings, not names ("Guest Name: Sanjay Date: …"). */
export const NOT_NAMES = new Set(
  'date datum data date invoice total name nome naam address adres morada phone tel fax email e-mail account conta booking order customer client cliente number no street rua payment amount due'.split(
    ' ',
  ),
);

/** Legal forms: the capitalised words before one are a company's name, not a person's. */
export const COMPANY_FORM =
  /^(?:GmbH|AG|KG|OHG|UG|e\.?V\.?|SA|S\.A\.?|SL|S\.L\.?|SAS|SARL|SpA|Lda\.?|Ltda\.?|Ltd\.?|Limited|LLC|Inc\.?|Corp\.?|plc|PLC|BV|B\.V\.|NV|&)$/u;
