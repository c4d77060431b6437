import { describe, expect, it } from 'vitest';
import { templateLabelOf } from '../session/template-labels.js';
import { invoiceConfig } from '../test/fixtures.js';
import { deliveryNoteFields } from '../test/mock-template-api.js';
import { withTemplateFields } from './template-config.js';

const partName = (parent: string, part: string) => `${parent} / ${part}`;

describe('the template in the viewer', () => {
  const config = withTemplateFields(invoiceConfig(), deliveryNoteFields(), partName);

  it("replaces the workspace's fields with the template's, parts after their field and labelled on their own", () => {
    expect(config.categories.map((c) => c.categoryKey)).toEqual(['NoteNumber', 'NoteDate', 'NoteDateLabel', 'Lines']);
    expect(config.fieldOrder).toEqual(['NoteNumber', 'NoteDate', 'NoteDateLabel', 'Lines']);
    expect(config.fieldsToDetect).toEqual(config.fieldOrder);
    expect(config.requiredFields).toEqual(['NoteNumber']);
    const part = config.categories.find((c) => c.categoryKey === 'NoteDateLabel');
    expect(part).toMatchObject({ parentCategoryKey: null, displayName: 'Note date / Label' });
  });

  it('names the template field of a new value; a table starts empty with its columns', () => {
    expect(templateLabelOf(config, 'NoteDate')).toEqual({
      templateBuilderField: { fieldUniqueId: 'f-2', type: 151, keyValues: [] },
    });
    const table = templateLabelOf(config, 'Lines');
    expect(table.templateBuilderField?.fieldUniqueId).toBe('f-4');
    expect(table.table).toMatchObject({ rowCount: 0, columnCount: 2, tableRows: {} });
  });

  it("gives a workspace's own field nothing (no template field)", () => {
    expect(templateLabelOf(invoiceConfig(), 'InvoiceId')).toEqual({});
    expect(templateLabelOf(undefined, 'NoteNumber')).toEqual({});
  });
});
