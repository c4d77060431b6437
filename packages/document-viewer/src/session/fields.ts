/**
 * The field model of the side panel and the overlay, computed from the pages and the workspace
 * configuration: which fields exist in which order (fieldOrder), their entities, their colours,
 * their validation problems and confidence flags. Pure functions of data, so both the panel and
 * the guided pass read the same answer.
 */
import type { BoxFlag, OverlayBox, PageBox } from '../pages/types.js';
import { documentTableId } from './document-edits.js';
import { eInvoiceXmlAlternative } from './einvoice-values.js';
import type { BoundingBox, DocumentResult, Entity, FieldDefinition, WorkspaceConfiguration } from './types.js';

export const DEFAULT_FILL = '#0011ff1a';
export const DEFAULT_STROKE = '#0011ff';
/** Opacity of the random colour a field unknown to the workspace gets (spec §9). */
export const NEW_FIELD_OPACITY = 0.32;

const GROUP_QR = 90;
const GROUP_TABLE = 100;

export interface FieldColours {
  fill: string;
  stroke: string;
}

/** A random colour for a new field: stroke opaque, fill at opacity 0.32 (`#rrggbb52`). */
export function randomFieldColours(random: () => number = Math.random): FieldColours {
  const hex = Math.floor(random() * 0xffffff)
    .toString(16)
    .padStart(6, '0');
  const alpha = Math.round(NEW_FIELD_OPACITY * 255)
    .toString(16)
    .padStart(2, '0');
  return { fill: `#${hex}${alpha}`, stroke: `#${hex}` };
}

/** Colours of a field: its definition's, the defaults when it has none, a random pair when unknown. */
export function coloursOf(
  definition: FieldDefinition | undefined,
  category: string,
  newFieldColours: Map<string, FieldColours>,
  random: () => number = Math.random,
): FieldColours {
  if (definition)
    return { fill: definition.fillColor ?? DEFAULT_FILL, stroke: definition.strokeColor ?? DEFAULT_STROKE };
  let colours = newFieldColours.get(category);
  if (!colours) {
    colours = randomFieldColours(random);
    newFieldColours.set(category, colours); // stable for the session: a box must not change colour on re-render
  }
  return colours;
}

export type FieldProblem = 'required' | 'pattern';

/** The text of an entity as the panel shows it (values joined; tables and QR codes by content). */
export function entityText(entity: Entity): string {
  if (entity.qrCode) return entity.qrCode.content;
  // Page and e-invoice XML disagreed: the field holds the printed value, the XML's is shown beside it.
  if (eInvoiceXmlAlternative(entity) !== null) return entity.keyValues[0]?.content ?? '';
  return entity.keyValues
    .map((kv) => kv.content ?? '')
    .filter(Boolean)
    .join(' ');
}

function compilePattern(pattern: string | null | undefined): RegExp | null {
  if (!pattern) return null;
  try {
    // Anchored: a pattern describes the whole value, not a part of it.
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return null; // the server refuses invalid patterns; a bad one must not break the viewer
  }
}

/** The problem of one value against its field's rules, as shown inline while the user types. */
export function valueProblem(
  value: string,
  definition: FieldDefinition | undefined,
  required: boolean,
): FieldProblem | null {
  if (!value.trim()) return required ? 'required' : null;
  const pattern = compilePattern(definition?.fieldConfig.pattern);
  return pattern && !pattern.test(value) ? 'pattern' : null;
}

export type ConfidenceLevel = 'ok' | 'check' | 'entry';

/** Below the "entry" threshold a value should be typed again; below "check" it should be looked at. */
export function confidenceLevel(
  confidence: number | null | undefined,
  config: WorkspaceConfiguration,
): ConfidenceLevel {
  if (confidence === null || confidence === undefined) return 'ok';
  const entry = config.fieldsConfidenceRateEntry;
  const check = config.fieldsConfidenceRateCheck;
  if (typeof entry === 'number' && confidence < entry) return 'entry';
  if (typeof check === 'number' && confidence < check) return 'check';
  return 'ok';
}

/** Confidence of an entity: its own, else the lowest of its values. */
export function entityConfidence(entity: Entity): number | null {
  if (typeof entity.confidence === 'number') return entity.confidence;
  const values = entity.keyValues.map((kv) => kv.confidence).filter((c): c is number => typeof c === 'number');
  return values.length ? Math.min(...values) : null;
}

/** One entity as the panel lists it. */
export interface FieldEntry {
  id: string;
  pageNumber: number;
  entity: Entity;
  text: string;
  confidence: number | null;
  level: ConfidenceLevel;
  problem: FieldProblem | null;
  /** Needs the reviewer: low confidence or invalid, and not marked as solved. */
  needsAttention: boolean;
}

/** A field of the panel: its definition (absent for a category the workspace does not know) and entries. */
export interface PanelField {
  key: string;
  label: string;
  definition: FieldDefinition | undefined;
  kind: 'value' | 'table' | 'qr';
  required: boolean;
  colours: FieldColours;
  entries: FieldEntry[];
  /** A required field with no value anywhere. */
  missing: boolean;
  /** Group heading (entity groupName) when the workspace allows groups. */
  children: PanelField[];
  /** A table field's column names by header key (its child fields), for the columns the workspace names. */
  columnNames?: Readonly<Record<string, string>>;
}

export interface FieldModelInput {
  config: WorkspaceConfiguration;
  pages: Readonly<Record<number, DocumentResult>>;
  newFieldColours: Map<string, FieldColours>;
  /** Problems the server reported on finish (by category key), shown until the value changes. */
  serverProblems?: Readonly<Record<string, FieldProblem>>;
  random?: () => number;
  /** Panel name of the document's own tables (not fields of the workspace), translated by the UI. */
  documentTablesLabel?: string;
}

/** Panel key of the document's own tables (DocumentResult.tables); a colon never appears in a category key. */
export const DOCUMENT_TABLES_KEY = 'document:tables';

/**
 * The document's own tables as panel entities (the page keeps them in `tables`, not in `entities`):
 * edited through their id (`documentTableId`), boxed on the page by their bounds.
 */
function documentTableEntities(pages: Readonly<Record<number, DocumentResult>>): Entity[] {
  return Object.keys(pages)
    .map(Number)
    .sort((a, b) => a - b)
    .flatMap((pageNumber) =>
      (pages[pageNumber]?.tables ?? []).map(
        (table, index): Entity => ({
          temporaryId: documentTableId(pageNumber, index),
          category: DOCUMENT_TABLES_KEY,
          pageNumber,
          keyValues: [],
          table,
        }),
      ),
    );
}

/** Category keys in panel order: fieldOrder, then other detected fields, then unknown categories. */
export function orderedKeys(config: WorkspaceConfiguration, pages: Readonly<Record<number, DocumentResult>>): string[] {
  const keys: string[] = [];
  const seen = new Set<string>();
  const push = (key: string) => {
    if (!seen.has(key)) {
      seen.add(key);
      keys.push(key);
    }
  };
  const topLevel = new Set(config.categories.filter((c) => !c.parentCategoryKey).map((c) => c.categoryKey));
  for (const key of config.fieldOrder)
    if (topLevel.has(key) || !config.categories.some((c) => c.categoryKey === key)) push(key);
  for (const key of config.fieldsToDetect) if (topLevel.has(key)) push(key);
  for (const key of config.requiredFields) push(key);
  for (const page of Object.values(pages)) for (const entity of page.entities) push(entity.category);
  if (Object.values(pages).some((page) => page.tables?.length)) push(DOCUMENT_TABLES_KEY);
  return keys;
}

/** Builds the panel's fields. */
export function buildFields({
  config,
  pages,
  newFieldColours,
  serverProblems = {},
  random,
  documentTablesLabel = 'Tables',
}: FieldModelInput): PanelField[] {
  const definitions = new Map(config.categories.map((c) => [c.categoryKey, c] as const));
  const byCategory = new Map<string, Entity[]>();
  const pageNumbers = Object.keys(pages)
    .map(Number)
    .sort((a, b) => a - b);
  for (const n of pageNumbers) {
    for (const entity of pages[n]?.entities ?? []) {
      const list = byCategory.get(entity.category) ?? [];
      list.push(entity);
      byCategory.set(entity.category, list);
    }
  }
  const documentTables = documentTableEntities(pages);
  if (documentTables.length) byCategory.set(DOCUMENT_TABLES_KEY, documentTables);
  const required = new Set(config.requiredFields);
  return orderedKeys(config, pages).map((key) => {
    const definition = definitions.get(key);
    const isRequired = required.has(key) || Boolean(definition?.fieldConfig.isRequired);
    const kind: PanelField['kind'] =
      definition?.groupType === GROUP_TABLE || key === DOCUMENT_TABLES_KEY
        ? 'table'
        : definition?.groupType === GROUP_QR
          ? 'qr'
          : 'value';
    const entries = (byCategory.get(key) ?? []).map((entity): FieldEntry => {
      const text = entityText(entity);
      const confidence = entityConfidence(entity);
      const level = confidenceLevel(confidence, config);
      const problem =
        kind === 'value' && !entity.notDetected ? (valueProblem(text, definition, isRequired) ?? null) : null;
      return {
        id: entity.temporaryId,
        pageNumber: entity.pageNumber,
        entity,
        text,
        confidence,
        level,
        problem,
        needsAttention: !entity.markedAsSolved && (level !== 'ok' || problem !== null),
      };
    });
    const hasValue = entries.some((e) => e.text.trim() || e.entity.table);
    const serverProblem = serverProblems[key];
    if (serverProblem && entries.length && !entries.some((e) => e.problem)) {
      // The server's verdict (finish refused) stays visible until the reviewer changes the value.
      for (const entry of entries) {
        entry.problem = serverProblem;
        entry.needsAttention = !entry.entity.markedAsSolved;
      }
    }
    const field: PanelField = {
      key,
      label: definition?.displayName ?? (key === DOCUMENT_TABLES_KEY ? documentTablesLabel : key),
      definition,
      kind,
      required: isRequired,
      colours: coloursOf(definition, key, newFieldColours, random),
      entries,
      missing: (isRequired || serverProblem === 'required') && !hasValue,
      children: [],
      ...(kind === 'table' ? { columnNames: columnNamesOf(config, key) } : {}),
    };
    return field;
  });
}

/** The names of a table field's columns: its child fields' display names by their keys. */
function columnNamesOf(config: WorkspaceConfiguration, tableKey: string): Record<string, string> {
  return Object.fromEntries(
    config.categories.filter((c) => c.parentCategoryKey === tableKey).map((c) => [c.categoryKey, c.displayName]),
  );
}

/** Entries grouped by entity groupName, in first-seen order (spec: "groups", allowGroups). */
export function groupEntries(entries: FieldEntry[]): Array<{ group: string | null; entries: FieldEntry[] }> {
  const groups = new Map<string | null, FieldEntry[]>();
  for (const entry of entries) {
    const group = entry.entity.groupName ?? null;
    const list = groups.get(group) ?? [];
    list.push(entry);
    groups.set(group, list);
  }
  return [...groups].map(([group, list]) => ({ group, entries: list }));
}

/** The ids the guided pass visits, in panel order: low-confidence or invalid and not solved; missing required fields by key. */
export function attentionQueue(fields: PanelField[]): string[] {
  const ids: string[] = [];
  for (const field of fields) {
    if (field.missing && field.entries.length === 0) ids.push(`field:${field.key}`);
    for (const entry of field.entries) if (entry.needsAttention) ids.push(entry.id);
  }
  return ids;
}

// ——— Overlay ———

export function toPageBox(box: BoundingBox, scale = 1): PageBox {
  const left = box.left ?? box.x;
  const top = box.top ?? box.y;
  return { left: left * scale, top: top * scale, width: box.width * scale, height: box.height * scale };
}

/** The boxes of every entity on the loaded pages, coloured by field and flagged for the reviewer. */
export function buildOverlay(fields: PanelField[], unitScale: (pageNumber: number) => number = () => 1): OverlayBox[] {
  const boxes: OverlayBox[] = [];
  for (const field of fields) {
    for (const entry of field.entries) {
      const flags: BoxFlag[] = [];
      if (entry.entity.markedAsSolved) flags.push('solved');
      else {
        if (entry.level !== 'ok') flags.push('low-confidence');
        if (entry.problem) flags.push('invalid');
      }
      const label = `${field.label}: ${entry.text}`;
      const base = { fill: field.colours.fill, stroke: field.colours.stroke, label, flags };
      const { entity } = entry;
      // A value marked as not on the document keeps its box (unmarking brings it back) but the
      // page shows none: nothing there is the value any more, and nothing there is anonymised.
      if (entity.notDetected) continue;
      if (entity.table?.boundsAndPoints) {
        const at = entity.table.boundsAndPoints;
        boxes.push({
          ...base,
          id: entity.temporaryId,
          pageNumber: at.pageNumber,
          kind: 'table',
          box: toPageBox(at.boundingBox, unitScale(at.pageNumber)),
        });
        continue;
      }
      if (entity.qrCode?.boundingBox) {
        const page = entity.qrCode.pageNumber;
        boxes.push({
          ...base,
          id: entity.temporaryId,
          pageNumber: page,
          kind: 'qr',
          box: toPageBox(entity.qrCode.boundingBox, unitScale(page)),
        });
        continue;
      }
      entity.keyValues.forEach((kv, index) => {
        if (!kv.boundingBox) return;
        // The first value speaks for the entity, so panel selection and box selection share one id.
        const id = index === 0 ? entity.temporaryId : (kv.childTemporaryId ?? `${entity.temporaryId}|${index}`);
        boxes.push({
          ...base,
          id,
          pageNumber: kv.pageNumber,
          kind: 'entity',
          box: toPageBox(kv.boundingBox, unitScale(kv.pageNumber)),
        });
      });
    }
  }
  return boxes;
}

/**
 * What stops these pages from finishing, by category key, as this client can tell before asking
 * the server: required fields with no value and values not matching their pattern.
 */
export function finishProblemsOf(
  config: WorkspaceConfiguration,
  pages: Readonly<Record<number, DocumentResult>>,
): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const field of buildFields({ config, pages, newFieldColours: new Map<string, FieldColours>() })) {
    if (field.missing) problems[field.key] = 'required';
    const bad = field.entries.find((e) => e.problem);
    if (bad?.problem) problems[field.key] = bad.problem;
  }
  return problems;
}
