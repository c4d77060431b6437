/**
 * Saving a template's fields: add (PostFields), change (PutField) and delete (DeleteField, which
 * takes the values labelled for the field with it). Every change re-reads the fields.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../provider/hooks';
import type { TemplateField } from './field-rules';
import { templateFieldsQuery } from './template-fields-query';

export interface TemplateFieldMutationEvents {
  onSaved?: () => void;
  onFailed?: (error: Error) => void;
}

export function useTemplateFieldMutations(workspaceId: string, events: TemplateFieldMutationEvents = {}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: templateFieldsQuery(api, workspaceId).queryKey });
    events.onSaved?.();
  };
  const save = useMutation({
    mutationFn: async (field: TemplateField) => {
      if (field.uniqueId) {
        const { uniqueId } = field;
        await api.PUT('/api/v{version}/TemplateBuilder/field', { body: { ...field, uniqueId, workspaceId } });
      } else {
        await api.POST('/api/v{version}/TemplateBuilder/fields', {
          params: { query: { workspaceId } },
          body: [field],
        });
      }
    },
    onSuccess: done,
    onError: (error: Error) => events.onFailed?.(error),
  });
  const remove = useMutation({
    mutationFn: async (uniqueId: string) => {
      await api.DELETE('/api/v{version}/TemplateBuilder/field/{uniqueId}', {
        params: { path: { uniqueId }, query: { workspaceId } },
      });
    },
    onSuccess: done,
    onError: (error: Error) => events.onFailed?.(error),
  });
  return { save, remove };
}
