/**
 * A timeline of one worker's run, for pipeline-profile.ts: per task, each stage's start and end,
 * and what ran meanwhile — the JavaScript thread, each page thread (both from their CPU profiles'
 * samples, by step), the thread jobs the stage asked for (queued → answered) and the engines' child
 * processes (seen by a small poller process that walks this process's children every few
 * milliseconds: the tools start from tool launchers, so they are grandchildren) — printed as a text
 * Gantt per task and a table per stage of where its wall time went: how long both cores were busy,
 * one, or none (the stage waiting on nothing that uses a core: a timer, a pipe, a lock).
 *
 * Every time is microseconds of the monotonic clock the profiles use (process.hrtime).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Monotonic microseconds, the clock of the profiles' timestamps. */
export const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

export interface Span {
  /** What ran: a stage's name, a thread job's name, a tool's command. */
  name: string;
  start: number;
  end: number;
  /** The task a stage or thread job belonged to. */
  taskId?: string;
}

/** One lane of busy samples (a thread): its samples' times and the step each was in (null: idle). */
export interface SampleLane {
  name: string;
  /** Sample times, ascending, with the step (or null when idle) and the time it stands for. */
  samples: Array<{ at: number; ms: number; step: string | null }>;
}

/**
 * Polls this process's descendants every `intervalMs` from a process of its own (so a busy
 * JavaScript thread here does not blind it) and prints each one's command, first and last sighting.
 */
const POLLER = `
const { readFileSync, readdirSync } = require('node:fs');
const root = Number(process.argv[1]);
const interval = Number(process.argv[2]);
const seen = new Map();
const now = () => Number(process.hrtime.bigint() / 1000n);
function children(pid) {
  const found = [];
  let tasks = [];
  try { tasks = readdirSync('/proc/' + pid + '/task'); } catch { return found; }
  for (const tid of tasks) {
    try {
      for (const child of readFileSync('/proc/' + pid + '/task/' + tid + '/children', 'utf8').split(' ')) {
        if (child.trim()) found.push(Number(child));
      }
    } catch {}
  }
  return found;
}
function walk(pid, depth, at) {
  for (const child of children(pid)) {
    let entry = seen.get(child);
    if (!entry) {
      let comm = '?';
      try { comm = readFileSync('/proc/' + child + '/comm', 'utf8').trim(); } catch {}
      entry = { pid: child, comm, depth, first: at, last: at };
      seen.set(child, entry);
    }
    entry.last = at;
    walk(child, depth + 1, at);
  }
}
const buffer = new Int32Array(new SharedArrayBuffer(4));
let stopped = false;
process.stdin.on('data', () => { stopped = true; });
process.stdin.on('end', () => { stopped = true; });
(async function loop() {
  while (!stopped) {
    walk(root, 1, now());
    // Let stdin be read now and then; otherwise sleep without a timer's granularity.
    Atomics.wait(buffer, 0, 0, interval);
    await new Promise((resolve) => setImmediate(resolve));
  }
  process.stdout.write(JSON.stringify([...seen.values()]));
  process.exit(0);
})();
`;

export interface ProcessPoller {
  /** Stops polling; the descendants seen, tool launchers (depth 1) included. */
  stop(): Promise<Array<Span & { depth: number }>>;
}

export function startProcessPoller(intervalMs = 3): ProcessPoller {
  const child: ChildProcess = spawn(process.execPath, ['-e', POLLER, String(process.pid), String(intervalMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const ended = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    async stop() {
      child.stdin?.end('stop');
      await ended;
      const seen = JSON.parse(output || '[]') as Array<{
        pid: number;
        comm: string;
        depth: number;
        first: number;
        last: number;
      }>;
      return seen.map((entry) => ({ name: entry.comm, start: entry.first, end: entry.last, depth: entry.depth }));
    },
  };
}

/** A profile's call frame, as the inspector gives it. */
interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface Profile {
  nodes: Array<{ id: number; callFrame: Frame; children?: number[] }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A CPU profile's samples as a lane, each named by `stepOf` the sample's stack (outermost first). */
export function laneOf(name: string, profileOrPath: Profile | string, stepOf: (frames: Frame[]) => string): SampleLane {
  const profile: Profile =
    typeof profileOrPath === 'string' ? JSON.parse(readFileSync(profileOrPath, 'utf8')) : profileOrPath;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const stepsById = new Map<number, string | null>();
  const stepOfNode = (id: number): string | null => {
    const known = stepsById.get(id);
    if (known !== undefined) return known;
    const node = nodes.get(id);
    let step: string | null = null;
    if (node && node.callFrame.functionName !== '(idle)') {
      const frames: Frame[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
        const frame = nodes.get(at)?.callFrame;
        if (frame) frames.push(frame);
      }
      step = stepOf(frames.reverse());
    }
    stepsById.set(id, step);
    return step;
  };
  const samples: SampleLane['samples'] = [];
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    const ms = (profile.timeDeltas[index + 1] ?? delta) / 1000;
    samples.push({ at: time, ms, step: stepOfNode(profile.samples[index] as number) });
  }
  return { name, samples };
}

/** Busy milliseconds of a lane in [from, to), and by step. */
function busyIn(lane: SampleLane, from: number, to: number): { ms: number; bySteps: Map<string, number> } {
  let ms = 0;
  const bySteps = new Map<string, number>();
  // Samples are ascending: a binary search finds the first one.
  let low = 0;
  let high = lane.samples.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((lane.samples[mid] as { at: number }).at < from) low = mid + 1;
    else high = mid;
  }
  for (let index = low; index < lane.samples.length; index++) {
    const sample = lane.samples[index] as SampleLane['samples'][number];
    if (sample.at >= to) break;
    if (sample.step === null) continue;
    ms += sample.ms;
    bySteps.set(sample.step, (bySteps.get(sample.step) ?? 0) + sample.ms);
  }
  return { ms, bySteps };
}

/** Milliseconds of [from, to) covered by at least one of `spans`. */
function coveredMs(spans: readonly Span[], from: number, to: number): number {
  const clipped = spans
    .map((span) => [Math.max(from, span.start), Math.min(to, span.end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reach = from;
  for (const [start, end] of clipped) {
    if (end <= reach) continue;
    total += end - Math.max(start, reach);
    reach = end;
  }
  return total / 1000;
}

export interface TimelineInput {
  stages: Span[];
  jobs: Span[];
  tools: Array<Span & { depth: number }>;
  /** The JavaScript thread first, then the page threads. */
  lanes: SampleLane[];
  /** Letters of known steps in the Gantt rows (others get a free one). */
  letters?: Readonly<Record<string, string>>;
}

/** The Gantt's letter of a step: its own when given (`letters`), else a free one. */
function lettersFor(steps: Iterable<string>, given: Readonly<Record<string, string>>): Map<string, string> {
  const letters = new Map<string, string>();
  const used = new Set(Object.values(given).map((letter) => letter.toLowerCase()));
  const free = [...'abcdefghijklmnopqrstuvwxyz0123456789'].filter((c) => !used.has(c));
  for (const step of steps) {
    const letter = given[step] ?? free.shift() ?? '#';
    letters.set(step, letter.toLowerCase());
  }
  return letters;
}

const STAGE_LETTERS: Record<string, string> = { 'pre-processing': 'P', recognition: 'R', 'post-processing': 'O' };

/**
 * Prints, per task, a Gantt of `bucketMs` columns (stage, each lane's step letter — upper case when
 * the lane was busy most of the bucket —, thread jobs in flight, tools alive) and then, per stage
 * name over all tasks, where the wall time went.
 */
export function printTimeline(input: TimelineInput, bucketMs = 10, maxTasks = 13): void {
  const allSteps = new Set<string>();
  for (const lane of input.lanes) for (const sample of lane.samples) if (sample.step) allSteps.add(sample.step);
  const letters = lettersFor(allSteps, input.letters ?? {});
  const tools = input.tools.filter((tool) => tool.depth > 1 && tool.name !== 'sh');
  const launchers = input.tools.filter((tool) => tool.depth === 1);

  const byTask = new Map<string, Span[]>();
  for (const stage of input.stages) {
    const list = byTask.get(stage.taskId ?? '?') ?? [];
    list.push(stage);
    byTask.set(stage.taskId ?? '?', list);
  }
  const tasks = [...byTask.entries()].sort((a, b) => (a[1][0]?.start ?? 0) - (b[1][0]?.start ?? 0));
  const runStart = tasks[0]?.[1][0]?.start ?? 0;

  console.log(
    `\nTimeline of the run, per task (${bucketMs} ms a column; stage P pre-processing, R recognition, O post-processing, · between stages;`,
  );
  console.log(
    '  thread rows: the step letter, upper case when busy ≥ half the column; jobs: thread jobs in flight; tools: child processes alive, by initial)',
  );
  console.log(`  steps: ${[...letters.entries()].map(([step, letter]) => `${letter} ${step}`).join(' · ')}`);
  for (const [taskId, stages] of tasks.slice(0, maxTasks)) {
    const from = Math.min(...stages.map((s) => s.start));
    const to = Math.max(...stages.map((s) => s.end));
    const columns = Math.ceil((to - from) / 1000 / bucketMs);
    const rows: Array<[string, string]> = [];
    let stageRow = '';
    for (let column = 0; column < columns; column++) {
      const at = from + (column + 0.5) * bucketMs * 1000;
      const stage = stages.find((s) => s.start <= at && at < s.end);
      stageRow += stage ? (STAGE_LETTERS[stage.name] ?? '?') : '·';
    }
    rows.push(['stage', stageRow]);
    for (const lane of input.lanes) {
      let row = '';
      for (let column = 0; column < columns; column++) {
        const start = from + column * bucketMs * 1000;
        const busy = busyIn(lane, start, start + bucketMs * 1000);
        if (busy.ms < bucketMs * 0.1) {
          row += ' ';
          continue;
        }
        const top = [...busy.bySteps.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
        const letter = letters.get(top) ?? '?';
        row += busy.ms >= bucketMs / 2 ? letter.toUpperCase() : letter;
      }
      rows.push([lane.name, row]);
    }
    const countRow = (spans: readonly Span[]) => {
      let row = '';
      for (let column = 0; column < columns; column++) {
        const start = from + column * bucketMs * 1000;
        const end = start + bucketMs * 1000;
        const alive = spans.filter((span) => span.start < end && span.end > start).length;
        row += alive === 0 ? ' ' : String(Math.min(alive, 9));
      }
      return row;
    };
    rows.push(['jobs', countRow(input.jobs)]);
    let toolRow = '';
    for (let column = 0; column < columns; column++) {
      const start = from + column * bucketMs * 1000;
      const end = start + bucketMs * 1000;
      const alive = tools.filter((span) => span.start < end && span.end >= start);
      toolRow +=
        alive.length === 0 ? ' ' : alive.length > 1 ? String(Math.min(alive.length, 9)) : (alive[0]?.name[0] ?? '?');
    }
    rows.push(['tools', toolRow]);
    const jobs = input.jobs.filter((job) => job.taskId === taskId);
    console.log(
      `\ntask ${taskId.slice(0, 8)} at +${((from - runStart) / 1000).toFixed(0)} ms, ${((to - from) / 1000).toFixed(0)} ms: ${stages
        .map((s) => `${s.name} ${((s.end - s.start) / 1000).toFixed(0)}`)
        .join(
          ', ',
        )}; jobs: ${jobs.map((job) => `${job.name} ${((job.end - job.start) / 1000).toFixed(0)}`).join(', ')}`,
    );
    for (const [label, row] of rows) {
      for (let at = 0; at < row.length; at += 120) {
        console.log(`  ${(at === 0 ? label : '').padEnd(12)}|${row.slice(at, at + 120)}|`);
      }
    }
  }

  // Where each stage's wall time went, over all its runs, and the gaps between stages.
  console.log(
    `\nWhere the wall time went, per stage over all tasks (ms; cores busy from the profiles' samples and the tools alive, at ${bucketMs} ms resolution):`,
  );
  console.log(
    `  ${'stage'.padEnd(18)} ${'wall'.padStart(7)} ${'main'.padStart(7)} ${input.lanes
      .slice(1)
      .map((lane) => lane.name.padStart(8))
      .join(
        ' ',
      )} ${'tools'.padStart(7)} ${'jobs'.padStart(7)} ${'0 busy'.padStart(7)} ${'1 busy'.padStart(7)} ${'2+ busy'.padStart(7)}`,
  );
  const names = [...new Set(input.stages.map((s) => s.name))];
  const gaps: Span[] = [];
  for (const [, stages] of tasks) {
    const sorted = [...stages].sort((a, b) => a.start - b.start);
    for (let index = 1; index < sorted.length; index++) {
      const before = sorted[index - 1] as Span;
      const after = sorted[index] as Span;
      gaps.push({ name: 'between stages', start: before.end, end: after.start });
    }
  }
  for (let index = 1; index < tasks.length; index++) {
    const last = (tasks[index - 1]?.[1] ?? []).reduce((a, b) => (a.end > b.end ? a : b));
    const first = (tasks[index]?.[1] ?? []).reduce((a, b) => (a.start < b.start ? a : b));
    gaps.push({ name: 'between tasks', start: last.end, end: first.start });
  }
  const mainSteps = new Map<string, number>();
  for (const name of [...names, 'between stages', 'between tasks']) {
    const spans = name.startsWith('between')
      ? gaps.filter((g) => g.name === name)
      : input.stages.filter((s) => s.name === name);
    let wall = 0;
    const lanesMs = input.lanes.map(() => 0);
    let toolsMs = 0;
    let jobsMs = 0;
    const cores = [0, 0, 0];
    for (const span of spans) {
      wall += (span.end - span.start) / 1000;
      toolsMs += coveredMs(tools, span.start, span.end);
      jobsMs += coveredMs(input.jobs, span.start, span.end);
      for (let start = span.start; start < span.end; start += bucketMs * 1000) {
        const end = Math.min(span.end, start + bucketMs * 1000);
        const width = (end - start) / 1000;
        let busy = 0;
        input.lanes.forEach((lane, index) => {
          const inBucket = busyIn(lane, start, end);
          lanesMs[index] = (lanesMs[index] ?? 0) + inBucket.ms;
          busy += inBucket.ms / width;
          if (index === 0 && !name.startsWith('between')) {
            for (const [step, ms] of inBucket.bySteps)
              mainSteps.set(`${name}: ${step}`, (mainSteps.get(`${name}: ${step}`) ?? 0) + ms);
          }
        });
        busy += tools.filter((tool) => tool.start < end && tool.end >= start).length;
        const slot = busy < 0.25 ? 0 : busy < 1.25 ? 1 : 2;
        cores[slot] = (cores[slot] ?? 0) + width;
      }
    }
    console.log(
      `  ${`${name} (${spans.length})`.padEnd(18)} ${wall.toFixed(0).padStart(7)} ${lanesMs
        .map((ms, index) => ms.toFixed(0).padStart(index === 0 ? 7 : 8))
        .join(' ')} ${toolsMs.toFixed(0).padStart(7)} ${jobsMs.toFixed(0).padStart(7)} ${cores
        .map((ms) => ms.toFixed(0).padStart(7))
        .join(' ')}`,
    );
  }
  console.log(
    '  (main, threads: busy ms from the samples; tools: ms with a tool alive; jobs: ms with a thread job in flight)',
  );
  console.log('\nThe JavaScript thread during the stages, by what it ran (ms, ≥ 5):');
  for (const [key, ms] of [...mainSteps.entries()].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 5)) {
    console.log(`  ${key.padEnd(60)} ${ms.toFixed(0).padStart(6)}`);
  }
  console.log(
    `\nTool launchers: ${launchers.length}; tools seen: ${[...tools.reduce((map, tool) => map.set(tool.name, (map.get(tool.name) ?? 0) + 1), new Map<string, number>())].map(([name, n]) => `${name} ${n}`).join(', ')}`,
  );
}
