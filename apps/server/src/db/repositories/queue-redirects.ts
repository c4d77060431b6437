// Queue redirects of pipeline steps, in one tenant (migration 0022). Only redirects in force are
// stored: switching one off deletes its row, so the claim query needs no `enabled` column.
import type { StepQueueRedirectRow } from '../schema.js';
import { TenantRepository } from './tenant-repository.js';

export class QueueRedirectsScope extends TenantRepository {
  find(workspaceId: string, stepId: string): Promise<StepQueueRedirectRow | undefined> {
    return this.rows('step_queue_redirects')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('step_id', '=', stepId)
      .executeTakeFirst();
  }

  async anyInPipeline(pipelineId: string): Promise<boolean> {
    const row = await this.rows('step_queue_redirects')
      .select('step_id')
      .where('pipeline_id', '=', pipelineId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async put(redirect: {
    workspaceId: string;
    pipelineId: string;
    stepId: string;
    queuedStatus: number;
    queueName: string;
    userId: string;
  }): Promise<void> {
    const values = {
      tenant_id: this.tenantId,
      workspace_id: redirect.workspaceId,
      pipeline_id: redirect.pipelineId,
      step_id: redirect.stepId,
      queued_status: redirect.queuedStatus,
      queue_name: redirect.queueName,
      modified_by: redirect.userId,
      modified_on: new Date(),
    };
    await this.db
      .insertInto('step_queue_redirects')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'step_id']).doUpdateSet({
          queued_status: values.queued_status,
          queue_name: values.queue_name,
          modified_by: values.modified_by,
          modified_on: values.modified_on,
        }),
      )
      .execute();
  }

  async remove(workspaceId: string, stepId: string): Promise<void> {
    await this.deleteRows('step_queue_redirects')
      .where('workspace_id', '=', workspaceId)
      .where('step_id', '=', stepId)
      .execute();
  }
}
