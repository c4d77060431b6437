/**
 * `<TemplateBuilder>` (/task/viewer/templatebuilder): the document viewer on a task of a
 * labelling-and-training workspace with the template's fields beside the page. A person defines
 * the fields (key, name, type and format of §4, required; key–value parts; DynamicTable columns),
 * draws each field's region on the sample page with the mouse or places it with the keys, corrects
 * the text read there, and finishes the review: the document is then labelled (Classified) and
 * trains the template's model. Everything else is the viewer's: autosave, checkout, next task.
 */
import { DocumentViewer, type DocumentViewerProps } from '../viewer/DocumentViewer.js';
import { BuilderPanel } from './BuilderPanel.js';

/** Props of {@link TemplateBuilder}: the viewer's, without the panel slot the builder fills. */
export type TemplateBuilderProps = Omit<DocumentViewerProps, 'panelStart'>;

/**
 * Labels one task of a template.
 * @example
 * <TemplateBuilder taskId={taskId} userId={user.id} onFinishReview={(r) => goNext(r.nextTaskId)} />
 */
export function TemplateBuilder(props: TemplateBuilderProps) {
  return (
    <DocumentViewer
      {...props}
      className={['rd-viewer--builder', props.className].filter(Boolean).join(' ')}
      panelStart={<BuilderPanel />}
    />
  );
}
