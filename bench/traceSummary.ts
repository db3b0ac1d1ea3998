// What each long task of a page's load ran, by source file, from a Lighthouse trace with CPU samples:
//   node --import tsx bench/traceSummary.ts <run.trace.json> [mapDir] [minTaskMs]
// The trace comes from the benchmark with BENCH_LIGHTHOUSE_OUT and BENCH_LIGHTHOUSE_PROFILE=1
// (CONTRIBUTING.md). The built code is minified, so a function's name says little; each sample carries its
// line and column, which mapDir's source maps (a build of the same source with --sourcemap) turn into the
// file of the source it came from.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { basename, join } from 'node:path';

type TraceEvent = {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { data?: Record<string, unknown> };
};
type CallFrame = { functionName: string; url: string };
type ProfileChunkData = {
  cpuProfile?: { nodes?: Array<{ id: number; callFrame: CallFrame }>; samples?: number[] };
  timeDeltas?: number[];
  lines?: number[];
  columns?: number[];
};
type Sample = { at: number; frame: CallFrame; line: number; column: number };

/** The page's main thread, its navigation's start and V8's samples on it, in trace microseconds. */
function readTrace(file: string) {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL);
  if (!navigation) throw new Error(`${file}: no navigation of a page`);
  const { pid, tid } = navigation;
  // V8's sampler writes the chunks from a thread of its own, under the id of the main thread's profile.
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  const frames = new Map<number, CallFrame>();
  const samples: Sample[] = [];
  let at = (profile?.args?.data?.startTime as number | undefined) ?? 0;
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== pid || event.id !== profile?.id) continue;
    const data = event.args?.data as ProfileChunkData | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) frames.set(node.id, node.callFrame);
    (data?.cpuProfile?.samples ?? []).forEach((id, i) => {
      at += data?.timeDeltas?.[i] ?? 0;
      const frame = frames.get(id);
      if (frame) samples.push({ at, frame, line: data?.lines?.[i] ?? 0, column: data?.columns?.[i] ?? 0 });
    });
  }
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.pid === pid && e.tid === tid && e.ts >= navigation.ts)
    .sort((a, b) => a.ts - b.ts);
  return { start: navigation.ts, tasks, samples };
}

/** A sample's source file (through the chunk's source map when mapDir has it), or the chunk or V8's bucket. */
function sourceReader(mapDir: string | undefined) {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (chunk: string) => {
    if (!maps.has(chunk)) {
      const path = mapDir && join(mapDir, `${chunk}.map`);
      maps.set(
        chunk,
        path && existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, 'utf8'))) : null,
      );
    }
    return maps.get(chunk);
  };
  return ({ frame, line, column }: Sample): string => {
    if (!frame.url) return frame.functionName || '(native)';
    const chunk = basename(frame.url.split(/[?#]/)[0] ?? frame.url);
    const entry = mapOf(chunk)?.findEntry(line - 1, column);
    const source = entry && 'originalSource' in entry ? entry.originalSource : undefined;
    if (!source) return chunk;
    return source.replace(/^.*node_modules\//, '').replace(/^.*\/((apps\/web|packages\/core)\/src\/)/, '$1');
  };
}

const [file, mapDir, minTask = '12'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node --import tsx bench/traceSummary.ts <run.trace.json> [mapDir] [minTaskMs]');
  process.exit(2);
}
const { start, tasks, samples } = readTrace(file);
const sourceOf = sourceReader(mapDir);
const ms = (us: number) => (us / 1000).toFixed(1);
for (const task of tasks.filter((t) => (t.dur ?? 0) >= Number(minTask) * 1000)) {
  const end = task.ts + (task.dur ?? 0);
  const bySource = new Map<string, number>();
  for (const sample of samples) {
    if (sample.at < task.ts || sample.at > end) continue;
    const source = sourceOf(sample);
    bySource.set(source, (bySource.get(source) ?? 0) + 1);
  }
  const top = [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(`\n${ms(task.ts - start)} ms: task of ${ms(task.dur ?? 0)} ms`);
  for (const [source, count] of top) console.log(`  ${String(count).padStart(4)}  ${source}`);
}
