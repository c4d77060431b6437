/**
 * A stateful MSW stand-in for a template's field calls (TemplateBuilder GetFields, PostFields,
 * PutField, DeleteField) with the server's key rule, for the builder's unit tests and stories —
 * never used by the package itself.
 */
import type { Schema } from '@reviewdesk/api-client';
import { HttpResponse, http } from 'msw';
import { WORKSPACE_ID } from './fixtures.js';

type TemplateField = Schema<'TemplateBuilderField'>;

const BASE = '*/api/v1/TemplateBuilder';

/** A template of a delivery note: a number, a date with a key–value part, and a table of lines. */
export const deliveryNoteFields = (): TemplateField[] => [
  templateField('f-1', 'NoteNumber', 'Note number', 50, { isRequired: true }),
  templateField('f-2', 'NoteDate', 'Note date', 151),
  templateField('f-3', 'NoteDateLabel', 'Label', 50, { parent: 'NoteDate' }),
  {
    ...templateField('f-4', 'Lines', 'Lines', 400),
    groupType: 100,
    table: {
      tableHeaders: [
        { uniqueId: 'Item', fieldType: 50, isRequired: true },
        { uniqueId: 'Quantity', fieldType: 250, isRequired: false },
      ],
    },
  },
];

export function templateField(
  uniqueId: string,
  categoryKey: string,
  displayName: string,
  type: Schema<'FieldTypeCode'>,
  options: { isRequired?: boolean; parent?: string } = {},
): TemplateField {
  return {
    uniqueId,
    workspaceId: WORKSPACE_ID,
    categoryKey,
    displayName,
    parentCategoryKey: options.parent ?? null,
    description: null,
    fillColor: '#00838f33',
    strokeColor: '#00838f',
    groupType: null,
    fieldConfig: { type, isRequired: options.isRequired ?? false, pattern: null },
    hideInColSelect: false,
    editLocked: false,
    templateFieldType: type,
    table: null,
  };
}

export function createMockTemplateApi(initial: TemplateField[] = deliveryNoteFields()) {
  const state = { fields: structuredClone(initial), posted: [] as TemplateField[][], deleted: [] as string[] };
  let next = 100;
  const refuse = (message: string) => HttpResponse.json({ code: 10, message }, { status: 400 });
  const handlers = [
    http.get(`${BASE}/fields/:workspaceId`, () => HttpResponse.json(state.fields)),
    http.post(`${BASE}/fields`, async ({ request }) => {
      const body = (await request.json()) as TemplateField[];
      state.posted.push(body);
      for (const field of body) {
        if (state.fields.some((f) => f.categoryKey === field.categoryKey)) {
          return refuse(`The field key '${field.categoryKey}' is used twice.`);
        }
      }
      const created = body.map((f) => ({ ...f, uniqueId: `f-${next++}`, workspaceId: WORKSPACE_ID }));
      state.fields.push(...created);
      return HttpResponse.json(created);
    }),
    http.put(`${BASE}/field`, async ({ request }) => {
      const body = (await request.json()) as TemplateField;
      state.fields = state.fields.map((f) => (f.uniqueId === body.uniqueId ? body : f));
      return HttpResponse.json(body);
    }),
    http.delete(`${BASE}/field/:uniqueId`, ({ params }) => {
      state.deleted.push(String(params.uniqueId));
      state.fields = state.fields.filter((f) => f.uniqueId !== params.uniqueId);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, state };
}
