/**
 * A DocAI conversation about one task: whether the assistant is there, the messages so far and a
 * question to ask. The thread the server answers with is sent with the next question, so the
 * conversation goes on; a new task starts a new one.
 */
import type { ApiClient, Schema } from '@reviewdesk/api-client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../provider/hooks';

export type ChatReference = Schema<'ChatReference'>;

export interface DocAiTurn {
  /** Order in the conversation (the list's key). */
  id: number;
  role: 'user' | 'assistant';
  content: string;
  method?: 'extractive' | 'language-model';
  references?: ChatReference[];
}

/**
 * Whether DocAI may be asked here (Chatbot_IsConfigured), cached for five minutes and shared by
 * every editor of the host: an editor may ask it before offering the assistant.
 */
export const docAiConfiguredQuery = (api: ApiClient) => ({
  queryKey: ['reviewdesk', 'docai-configured'] as const,
  queryFn: async () => (await api.call('Chatbot_IsConfigured', {})).data === true,
  staleTime: 5 * 60_000,
});

/** Whether DocAI may be asked; not asked at all while `enabled` is false (no permission). */
export function useDocAiConfigured(enabled = true) {
  return useQuery({ ...docAiConfiguredQuery(useApiClient()), enabled });
}

export function useDocAi(taskId: string, workspaceId: string) {
  const api = useApiClient();
  const [turns, setTurns] = useState<DocAiTurn[]>([]);
  const [threadId, setThreadId] = useState<string | null>(null);
  const configured = useDocAiConfigured();
  const ask = useMutation({
    mutationFn: async (query: string) =>
      (
        await api.call('Chatbot_GetMessage', {
          body: {
            query,
            workspace_id: workspaceId,
            task_id: taskId,
            thread_id: threadId,
            messages: turns.map((turn) => ({
              role: turn.role === 'user' ? (10 as const) : (20 as const),
              content: turn.content,
            })),
          },
        })
      ).data,
    onMutate: (query) => setTurns((now) => [...now, { id: now.length, role: 'user', content: query }]),
    onSuccess: (answer) => {
      setThreadId(answer.thread_id);
      setTurns((now) => [
        ...now,
        {
          id: now.length,
          role: 'assistant',
          content: answer.message.content,
          ...(answer.method ? { method: answer.method } : {}),
          references: answer.references ?? [],
        },
      ]);
    },
  });
  return { configured, turns, ask };
}
