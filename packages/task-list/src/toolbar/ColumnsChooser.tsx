/** Which columns are shown: a popover of switches, remembered per workspace (columnPreferences). */
import { Button, Checkbox, Popover } from '@reviewdesk/ui';
import { useTaskListTranslation } from '../i18n/resources';
import type { TaskColumn } from '../list/columns';

export function ColumnsChooser({
  columns,
  visible,
  onToggle,
  onReset,
}: {
  columns: readonly TaskColumn[];
  visible: readonly string[];
  onToggle: (columnId: string, visible: boolean) => void;
  onReset: () => void;
}) {
  const { t } = useTaskListTranslation();
  return (
    <Popover
      title={t('columns.chooseTitle')}
      placement="bottom-end"
      trigger={<Button data-testid="task-list.columns">{t('columns.choose')}</Button>}
    >
      <p className="rd-field__hint">{t('columns.chooseHint')}</p>
      <div className="rd-task-list__columns-list">
        {columns.map((column) => (
          <Checkbox
            key={column.id}
            label={'key' in column.header ? t(column.header.key) : column.header.text}
            checked={visible.includes(column.id)}
            onChange={(event) => onToggle(column.id, event.target.checked)}
            data-testid={`task-list.column.${column.id}`}
          />
        ))}
      </div>
      <Button size="sm" variant="ghost" onClick={onReset}>
        {t('columns.reset')}
      </Button>
    </Popover>
  );
}
