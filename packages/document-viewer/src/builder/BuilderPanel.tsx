/**
 * The template builder's part of the side panel: the template's fields (add, key–value parts,
 * edit, delete — the shared list of `@reviewdesk/ui/template-fields`), each with "Draw region"
 * (the mouse draws its box on the page) and "Place with keys" (KeyboardRegion). The values drawn
 * appear in the field panel below, where they are corrected like any review; finishing the review
 * labels the document.
 */
import { Button } from '@reviewdesk/ui';
import { DYNAMIC_TABLE, TemplateFields, typeOf } from '@reviewdesk/ui/template-fields';
import { useState } from 'react';
import { useViewerTranslation } from '../i18n/useViewerTranslation.js';
import { startDrawing } from '../viewer/actions.js';
import { useSession } from '../viewer/context.js';
import { useActionContext } from '../viewer/workspace/useActionContext.js';
import { KeyboardRegion } from './KeyboardRegion.js';
import { useTemplateConfig, useTemplateWorkspaceId } from './useTemplateConfig.js';

export function BuilderPanel() {
  const { t } = useViewerTranslation();
  const ctx = useActionContext();
  const workspaceId = useTemplateWorkspaceId();
  const reviewing = useSession((s) => s.mode === 'review');
  const [placing, setPlacing] = useState<{ key: string; label: string } | null>(null);
  useTemplateConfig(workspaceId);
  if (!workspaceId) return null;

  return (
    <section className="rd-viewer-builder" aria-label={t('builder.title')} data-testid="builder">
      <h2 className="rd-viewer-builder__title">{t('builder.title')}</h2>
      <p className="rd-viewer-builder__intro">{t('builder.intro')}</p>
      <TemplateFields
        workspaceId={workspaceId}
        title={t('builder.fieldsTitle')}
        headingLevel={3}
        fieldActions={(field) => {
          if (!reviewing) return null;
          const label = field.displayName;
          // A table is labelled as one region; its rows are then added in the field panel.
          const isTable = typeOf(field) === DYNAMIC_TABLE;
          return (
            <>
              <Button
                variant="ghost"
                onClick={() => {
                  setPlacing(null);
                  startDrawing(ctx, { kind: 'new', category: field.categoryKey }, 'draw');
                }}
                aria-label={t(isTable ? 'builder.drawTableNamed' : 'builder.drawRegionNamed', { field: label })}
                data-testid={`builder.draw.${field.categoryKey}`}
              >
                {t(isTable ? 'builder.drawTable' : 'builder.drawRegion')}
              </Button>
              <Button
                variant="ghost"
                onClick={() => setPlacing({ key: field.categoryKey, label })}
                aria-label={t('builder.keyboardNamed', { field: label })}
                data-testid={`builder.keys.${field.categoryKey}`}
              >
                {t('builder.keyboard')}
              </Button>
            </>
          );
        }}
      />
      {placing ? <KeyboardRegion key={placing.key} ctx={ctx} field={placing} onDone={() => setPlacing(null)} /> : null}
    </section>
  );
}
