/**
 * /templates/configure, /templates/labelling and /templates/training: the @reviewdesk/admin-panels
 * package's <TemplateList> (public entry only). Labelling opens the task list of the template's
 * workspace, where its tasks are labelled in the template builder.
 */
import { TemplateList, type TemplateListKind } from '@reviewdesk/admin-panels';
import '@reviewdesk/admin-panels/styles.css';
import { useNavigate } from 'react-router';

/** Test ids: `templates.configure`, `templates.labelling`, `templates.training` (rendered by the package). */
export function TemplatesPage({ kind }: { kind: TemplateListKind }) {
  const navigate = useNavigate();
  return (
    <div className="rd-app-page">
      <TemplateList
        key={kind}
        kind={kind}
        onOpenLabelling={({ workspaceId }) => navigate(`/task/list?workspaceId=${encodeURIComponent(workspaceId)}`)}
      />
    </div>
  );
}

export const ConfigureTemplatesPage = () => <TemplatesPage kind="configure" />;
export const LabellingTemplatesPage = () => <TemplatesPage kind="labelling" />;
export const TrainingTemplatesPage = () => <TemplatesPage kind="training" />;
