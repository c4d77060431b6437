// A namespace-free view of an XML document for reading e-invoices: fast-xml-parser (maintained,
// no DTD or external entity loading) with prefixes removed, so `ram:ID` and `cbc:ID` are both `ID`
// whatever prefix the sender bound. Paths are element names joined with `/`.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  // Codes such as invoice numbers "00012" and dates "20260815" must stay strings.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

/** The root element's name and content, or a reason the bytes are not well-formed XML. */
export function parseXml(text: string): { ok: true; rootName: string; root: XmlNode } | { ok: false; reason: string } {
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { ok: false, reason: `${valid.err.msg} (line ${valid.err.line})` };
  const tree = parser.parse(text) as XmlNode;
  const rootName = Object.keys(tree).find((key) => !key.startsWith('?') && !key.startsWith('#'));
  if (!rootName) return { ok: false, reason: 'the file has no root element' };
  const root = tree[rootName];
  return { ok: true, rootName, root: typeof root === 'object' && root !== null ? (root as XmlNode) : {} };
}

const asArray = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Every node at the path (repeated elements give several). */
export function nodes(node: unknown, path: string): XmlNode[] {
  let current: unknown[] = [node];
  for (const name of path.split('/')) {
    current = current.flatMap((item) =>
      typeof item === 'object' && item !== null ? asArray((item as XmlNode)[name]) : [],
    );
  }
  return current.map((item) => (typeof item === 'object' && item !== null ? (item as XmlNode) : { '#text': item }));
}

/** The first node at the path. */
export const node = (from: unknown, path: string): XmlNode | undefined => nodes(from, path)[0];

/** Text of the first element at the path that has text, trimmed; null when absent or empty. */
export function text(from: unknown, path: string): string | null {
  for (const found of nodes(from, path)) {
    const value = found['#text'];
    if (value !== undefined && value !== null && String(value).trim() !== '') return String(value).trim();
  }
  return null;
}

/** An attribute of the first element at the path. */
export function attribute(from: unknown, path: string, name: string): string | null {
  const value = node(from, path)?.[`@${name}`];
  return value === undefined || value === null ? null : String(value);
}
